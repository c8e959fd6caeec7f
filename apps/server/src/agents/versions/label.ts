/**
 * A stored agent version label ('1', '2' … or 'draft'; null before versions existed) in its wire
 * form: the number, 'draft', or null.
 */
export function versionOfWire(stored: string | null | undefined): number | 'draft' | null {
  if (stored === null || stored === undefined || stored === '') return null;
  if (stored === 'draft') return 'draft';
  const n = Number(stored);
  return Number.isInteger(n) && n > 0 ? n : null;
}
