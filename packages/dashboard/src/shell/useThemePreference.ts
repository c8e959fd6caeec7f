import { useCallback, useEffect, useState } from 'react';
import {
  darkTheme,
  lightTheme,
  readThemePreference,
  writeThemePreference,
  type ThemeName,
} from '@parley/ui';

/** The console theme, remembered across reloads; the class goes on <html> so portals inherit it. */
export function useThemePreference(): [ThemeName, (theme: ThemeName) => void] {
  const [theme, setTheme] = useState<ThemeName>(() =>
    readThemePreference(
      globalThis.localStorage,
      globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false,
    ),
  );
  useEffect(() => {
    const html = document.documentElement;
    html.classList.toggle(darkTheme, theme === 'dark');
    html.classList.toggle(lightTheme, theme !== 'dark');
  }, [theme]);
  const change = useCallback((next: ThemeName) => {
    writeThemePreference(globalThis.localStorage, next);
    setTheme(next);
  }, []);
  return [theme, change];
}
