/** The Knowledge Base tab's sections (spec §2), in the order the tab list shows them. */
export const knowledgeSections = [
  { value: 'list', label: 'Knowledge Bases', needsSelection: false },
  { value: 'create', label: 'Create', needsSelection: false },
  { value: 'documents', label: 'Documents', needsSelection: true },
  { value: 'api-keys', label: 'API Keys', needsSelection: true },
] as const;

export type KnowledgeSection = (typeof knowledgeSections)[number]['value'];

/** Documents and API Keys appear only once a knowledge base is selected. */
export function availableSections(hasSelection: boolean) {
  return knowledgeSections.filter((s) => hasSelection || !s.needsSelection);
}

/** The section actually shown: one that needs a selection falls back to the list without one. */
export function effectiveSection(
  section: KnowledgeSection,
  hasSelection: boolean,
): KnowledgeSection {
  const known = knowledgeSections.find((s) => s.value === section);
  if (!known) return 'list';
  return known.needsSelection && !hasSelection ? 'list' : known.value;
}

/** Reads a section name (e.g. from the URL); anything unknown is the list. */
export function parseSection(value: string | null | undefined): KnowledgeSection {
  return knowledgeSections.find((s) => s.value === value)?.value ?? 'list';
}
