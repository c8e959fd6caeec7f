// Prerenders a page of a Vite build: puts the HTML that a build-time render module returns into the
// page's #root and its style sheets inline, so the browser paints the page from the HTML alone
// (no request, no script before the first paint); the page's script then takes the nodes over.
// The render module (a `vite build --ssr` output) exports prerender() → { html, themes? }; with
// themes ({ light, dark } class names) the dark theme's values also apply to a system in dark mode
// until the script has set the user's theme class on <html>.
// Usage: node prerender-page.mjs <dist dir> <page file> <render module>
//   e.g. node prerender-page.mjs dist login.html node_modules/.prerender/loginPrerender.js
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [dir, pageFile, modulePath] = process.argv.slice(2);
if (!dir || !pageFile || !modulePath) {
  console.error('usage: prerender-page.mjs <dist dir> <page file> <render module>');
  process.exit(2);
}
const { prerender } = await import(pathToFileURL(resolve(modulePath)).href);
const { html, themes } = prerender();
const page = join(dir, pageFile);
let out = readFileSync(page, 'utf8');

const emptyRoot = /<div id="root">\s*(<!--[\s\S]*?-->\s*)?<\/div>/;
if (!emptyRoot.test(out)) throw new Error(`${pageFile} has no empty <div id="root">`);
out = out.replace(emptyRoot, () => `<div id="root">${html}</div>`);

// Style sheets inline (the console's CSP allows inline styles): none is a request before paint.
let css = '';
out = out.replace(/\s*<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (_, file) => {
  css += readFileSync(join(dir, file), 'utf8');
  return '';
});
if (themes) {
  const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const dark = new RegExp(`\\.${escape(themes.dark)}\\{([^}]*)\\}`).exec(css);
  if (!dark) throw new Error(`no .${themes.dark} rule in ${pageFile}'s styles`);
  // Zero specificity: the theme class the script sets on <html> decides from then on.
  css += `@media (prefers-color-scheme:dark){:where(html:not(.${themes.light})){${dark[1]}}}`;
}
// No frame before #root is parsed whole (rel=expect): a paint half-way through the form would
// grow the card afterwards (a layout shift).
const head = [`<link rel="expect" href="#root" blocking="render">`];
if (css) head.push(`<style>${css}</style>`);
out = out.replace('</head>', () => `  ${head.join('\n    ')}\n  </head>`);

// The page paints without its scripts: they are fetched at low priority, after what the paint
// needs (nothing else here), and do not count as blocking the first paint.
out = out.replace(
  /<(script type="module"|link rel="modulepreload")( crossorigin)? /g,
  (_, tag, crossorigin = '') => `<${tag}${crossorigin} fetchpriority="low" `,
);
writeFileSync(page, out);
console.log(
  `✓ ${pageFile}: prerendered (${(html.length / 1024).toFixed(1)} KB of HTML, ` +
    `${(css.length / 1024).toFixed(1)} KB of inline CSS)`,
);
