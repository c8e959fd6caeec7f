import type { ThemeName } from '../../theme';

/** The localStorage key holding the console theme. */
export const themeStorageKey = 'parley.theme';

/** `window.matchMedia` (or anything with the same shape), accepted in place of a boolean. */
export type MatchMedia = (query: string) => { matches: boolean };

function systemPrefersDark(prefersDark: boolean | MatchMedia | undefined): boolean {
  if (typeof prefersDark === 'function') {
    try {
      return prefersDark('(prefers-color-scheme: dark)').matches;
    } catch {
      return false;
    }
  }
  return prefersDark === true;
}

function readStored(storage: Pick<Storage, 'getItem'> | undefined): string | null {
  try {
    return storage?.getItem(themeStorageKey) ?? null;
  } catch {
    return null;
  }
}

/**
 * The remembered theme ('light' | 'dark' under `parley.theme`), else the system preference.
 * Missing, invalid or unreadable stored values fall back to `prefersDark ? 'dark' : 'light'`.
 * `prefersDark` is a boolean, or `matchMedia` itself (asked for `(prefers-color-scheme: dark)`).
 */
export function readThemePreference(
  storage: Pick<Storage, 'getItem'> | undefined,
  prefersDark: boolean | MatchMedia | undefined,
): ThemeName {
  const stored = readStored(storage);
  if (stored === 'light' || stored === 'dark') return stored;
  return systemPrefersDark(prefersDark) ? 'dark' : 'light';
}

/** Remembers the theme; a storage that throws (private mode, full quota) is ignored. */
export function writeThemePreference(
  storage: Pick<Storage, 'setItem'> | undefined,
  theme: ThemeName,
): void {
  try {
    storage?.setItem(themeStorageKey, theme);
  } catch {
    // The choice then lasts for this page only.
  }
}
