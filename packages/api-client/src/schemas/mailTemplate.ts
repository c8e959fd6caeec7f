/** Campaign templates: `{{field}}` placeholders filled from each recipient's CSV columns. */

/** `{{field}}` placeholders of a template, each once, in order of appearance. */
export function templateFields(template: string): string[] {
  const names: string[] = [];
  for (const m of template.matchAll(/\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g))
    if (!names.includes(m[1]!)) names.push(m[1]!);
  return names;
}

/** The template with each `{{field}}` filled; a field missing or empty is named. */
export function fillTemplate(
  template: string,
  fields: Record<string, string | undefined>,
): { text: string; missing: string[] } {
  const missing: string[] = [];
  const text = template.replace(/\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g, (_, name: string) => {
    const value = fields[name];
    if (value === undefined || value === '') {
      if (!missing.includes(name)) missing.push(name);
      return '';
    }
    return value;
  });
  return { text, missing };
}
