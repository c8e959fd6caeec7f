import type { AgentVersionDetail, DraftChange } from '@parley/api-client';
import { fieldLabels, versionTexts } from './versionTexts';

/** A change's setting in the console's words: 'Prompt', 'Tool lookup_order' … */
export function fieldLabel(field: string): string {
  if (field.startsWith('tools.')) return `Tool ${field.slice('tools.'.length)}`;
  return fieldLabels[field] ?? field;
}

/** How long a value may be before it is cut (the full text is in the title). */
export const valueChars = 280;

/** A setting's value as text: '(none)' for nothing, JSON for objects, cut when long. */
export function valueText(value: unknown): { text: string; full: string } {
  let full: string;
  if (value === null || value === undefined || value === '') full = versionTexts.none;
  else if (Array.isArray(value) && value.length === 0) full = versionTexts.none;
  else if (typeof value === 'string') full = value;
  else if (typeof value === 'number' || typeof value === 'boolean') full = String(value);
  else full = JSON.stringify(value);
  return { text: full.length > valueChars ? `${full.slice(0, valueChars)}…` : full, full };
}

/** A stable text of a value (object keys sorted), to compare two versions' settings. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value as Record<string, unknown>)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

/**
 * What differs between the live version and another one, as the server lists a draft's changes:
 * settings first, then tools by name, then the analysis plan. Secrets arrive masked ('••••'), so a
 * changed key that is set in both is not seen here.
 */
export function versionChanges(
  live: Pick<AgentVersionDetail, 'settings' | 'tools' | 'analysis'>,
  other: Pick<AgentVersionDetail, 'settings' | 'tools' | 'analysis'>,
): DraftChange[] {
  const changes: DraftChange[] = [];
  const fields = [...new Set([...Object.keys(live.settings), ...Object.keys(other.settings)])];
  for (const field of fields) {
    const a = live.settings[field] ?? null;
    const b = other.settings[field] ?? null;
    if (canonical(a) !== canonical(b)) changes.push({ field, live: a, draft: b });
  }
  const nameOf = (t: Record<string, unknown>) => String(t.name ?? '');
  const liveTools = new Map(live.tools.map((t) => [nameOf(t), t]));
  const otherTools = new Map(other.tools.map((t) => [nameOf(t), t]));
  for (const name of new Set([...liveTools.keys(), ...otherTools.keys()])) {
    const a = liveTools.get(name) ?? null;
    const b = otherTools.get(name) ?? null;
    if (canonical(a) !== canonical(b)) changes.push({ field: `tools.${name}`, live: a, draft: b });
  }
  if (canonical(live.analysis) !== canonical(other.analysis))
    changes.push({ field: 'analysis', live: live.analysis ?? null, draft: other.analysis ?? null });
  return changes;
}

/** When a version was published, in the reader's words ('25 Nov 2026, 14:03'). */
export function publishedWhen(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}
