import { renderToString } from 'preact-render-to-string';
import { darkTheme, lightTheme } from '@parley/ui';
import { LoginApp } from './LoginApp';

/**
 * Build time only (vite build --ssr, then scripts/prerender-page.mjs): the login screen as HTML,
 * rendered by the same preact/compat as the browser's, and the theme classes the page's inline
 * styles need (the dark fallback for a dark system before the script sets the theme).
 */
export function prerender() {
  return { html: renderToString(<LoginApp />), themes: { light: lightTheme, dark: darkTheme } };
}
