// Prerenders pages of a Vite build: puts the HTML that a build-time render module returns into
// each page's #root, so the browser paints it from the HTML alone, before any script has run; the
// page's script then takes those nodes over (hydration) or renders the same over them.
// The render module (a `vite build --ssr` output) exports `pages`: page file → () => ({ html,
// themes?, paintsWithoutScript? }).
// - themes ({ light, dark } class names): the dark theme's values also apply to a system in dark
//   mode until the script has set the user's theme class on <html> (no light flash).
// - paintsWithoutScript: the HTML is the page's whole first screen (login.html). Its style sheets
//   go inline (no request before the paint), no frame is painted before #root is parsed whole
//   (rel=expect on a marker after it: a paint half-way through the form would grow the page
//   afterwards, a layout shift), and
//   its scripts are fetched at low priority.
// Usage: node prerender-page.mjs <dist dir> <render module>
//   e.g. node prerender-page.mjs dist node_modules/.prerender/prerender.js
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [dir, modulePath] = process.argv.slice(2);
if (!dir || !modulePath) {
  console.error('usage: prerender-page.mjs <dist dir> <render module>');
  process.exit(2);
}
const { pages } = await import(pathToFileURL(resolve(modulePath)).href);
const stylesheet = /\s*<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g;
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

for (const [pageFile, render] of Object.entries(pages)) {
  const { html, themes, paintsWithoutScript = false } = render();
  const page = join(dir, pageFile);
  let out = readFileSync(page, 'utf8');

  const emptyRoot = /<div id="root">\s*(<!--[\s\S]*?-->\s*)?<\/div>/;
  if (!emptyRoot.test(out)) throw new Error(`${pageFile} has no empty <div id="root">`);
  // The marker after #root is what rel=expect waits for (below): once it is in the document,
  // #root has been parsed whole.
  const marker = paintsWithoutScript ? '<div id="root-parsed" hidden></div>' : '';
  out = out.replace(emptyRoot, () => `<div id="root">${html}</div>${marker}`);

  const sheets = [...out.matchAll(stylesheet)].map((m) => readFileSync(join(dir, m[1]), 'utf8'));
  const head = [];
  let css = '';
  if (paintsWithoutScript) {
    out = out.replace(stylesheet, '');
    css = sheets.join('');
    head.push(`<link rel="expect" href="#root-parsed" blocking="render">`);
    out = out.replace(
      /<(script type="module"|link rel="modulepreload")( crossorigin)? /g,
      (_, tag, crossorigin = '') => `<${tag}${crossorigin} fetchpriority="low" `,
    );
  }
  if (themes) {
    const dark = new RegExp(`\\.${escape(themes.dark)}\\{([^}]*)\\}`).exec(sheets.join(''));
    if (!dark) throw new Error(`no .${themes.dark} rule in ${pageFile}'s styles`);
    // Zero specificity: the theme class the script sets on <html> decides from then on.
    css += `@media (prefers-color-scheme:dark){:where(html:not(.${themes.light})){${dark[1]}}}`;
  }
  if (css) head.push(`<style>${css}</style>`);
  if (head.length) out = out.replace('</head>', () => `  ${head.join('\n    ')}\n  </head>`);
  writeFileSync(page, out);
  console.log(
    `✓ ${pageFile}: prerendered (${(html.length / 1024).toFixed(1)} KB of HTML` +
      (paintsWithoutScript ? `, ${(css.length / 1024).toFixed(1)} KB of inline CSS)` : ')'),
  );
}
