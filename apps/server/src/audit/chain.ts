import { createHash } from 'node:crypto';

// The audit log's hash chain: each entry's hash is SHA-256 of the previous entry's hash and the
// entry's canonical JSON (keys sorted at every level, no whitespace). The first entry of an
// organization follows `genesisHash`. docs/privacy.md says how to check it by hand.

export const genesisHash = '0'.repeat(64);

/** JSON with every object's keys in code-point order; undefined members left out (as JSON does). */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** What an entry's hash covers (everything but its id and the hashes themselves). */
export interface ChainedFields {
  organization_id: string;
  seq: number;
  at: string;
  actor: { type: string; id: string | null; email: string | null };
  action: string;
  target: { type: string; id: string } | null;
  changes: unknown[];
  ip: string | null;
}

export function entryHash(prevHash: string, fields: ChainedFields): string {
  return createHash('sha256').update(prevHash).update(canonicalJson(fields)).digest('hex');
}
