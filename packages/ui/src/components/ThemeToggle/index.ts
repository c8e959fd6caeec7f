export { ThemeToggle } from './ThemeToggle';
export type { ThemeToggleProps } from './ThemeToggle';
export { readThemePreference, writeThemePreference, themeStorageKey } from './themePreference';
export type { MatchMedia } from './themePreference';
