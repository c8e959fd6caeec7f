/**
 * The Widget tab's allowed origins (an agent setting; empty = any site may embed the agent).
 * The text holds one origin per line (commas and spaces also separate). Each entry must be an
 * http(s) origin with no path, e.g. https://shop.example or http://localhost:3000 — the server
 * checks the same rule (the contract's allowed_origins schema).
 */

export type AllowedOriginsResult = { ok: true; origins: string[] } | { ok: false; error: string };

/** Reads the field: normalised, de-duplicated origins, or the first bad entry and why. */
export function parseAllowedOrigins(text: string): AllowedOriginsResult {
  const entries = text
    .split(/[\s,]+/)
    .map((e) => e.trim())
    .filter(Boolean);
  const origins: string[] = [];
  for (const entry of entries) {
    const origin = normalizeOrigin(entry);
    if (!origin) {
      return {
        ok: false,
        error: `Allowed Origins: "${entry}" is not an origin like https://example.com (scheme and host, no path).`,
      };
    }
    if (!origins.includes(origin)) origins.push(origin);
  }
  return { ok: true, origins };
}

/** 'HTTPS://Shop.Example/' → 'https://shop.example'; anything with a path, query or other scheme → null. */
export function normalizeOrigin(entry: string): string | null {
  if (!/^https?:\/\//i.test(entry)) return null;
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return null;
  }
  const bare = entry.replace(/\/+$/, '');
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) return null;
  if (/[/?#]/.test(bare.replace(/^https?:\/\//i, ''))) return null;
  return url.origin;
}

/** The text the field shows for stored origins. */
export function formatAllowedOrigins(origins: readonly string[] | null | undefined): string {
  return (origins ?? []).join('\n');
}
