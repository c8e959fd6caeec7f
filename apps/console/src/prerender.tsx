import { renderToString } from 'react-dom/server';
import { darkTheme, lightTheme } from '@parley/ui';
import { LoginApp } from './LoginApp';
import { Loading } from './Loading';

const themes = { light: lightTheme, dark: darkTheme };

/**
 * Build time only (vite build --ssr, then scripts/prerender-page.mjs): each page's HTML, rendered
 * by the same React as the browser's (react-dom/server; its useId ids match the ones hydration
 * gives), and the theme classes its styles need (the dark
 * fallback for a system in dark mode until the script sets the theme). login.html: the login
 * screen, hydrated by src/login.tsx, its styles inline. index.html: the loading screen the console
 * shows until its route is ready (the app renders the same over it).
 */
export const pages = {
  'login.html': () => ({ html: renderToString(<LoginApp />), themes, paintsWithoutScript: true }),
  'index.html': () => ({ html: renderToString(<Loading />), themes }),
};
