// Writes an HTML page from a Vite build's index.html with a route's lazily loaded chunks (and
// their static imports and styles) announced in its <head>: the browser fetches them alongside
// the entry instead of after it has run (one round trip fewer before the page shows). The page is
// index.html itself (the console's: its dashboard route, the page most loads open) or one beside
// it that the server answers the route's path with (apps/server/src/static.ts: /name → name.html).
// Usage: node route-preloads.mjs <dist dir> '<page file>=<module>[+<module>...]' ...
//   e.g. node route-preloads.mjs dist 'index.html=src/routes/DashboardRoute.tsx'
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, ...specs] = process.argv.slice(2);
if (!dir || specs.length === 0) {
  console.error("usage: route-preloads.mjs <dist dir> '<page file>=<module>[+<module>...]' ...");
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(join(dir, '.vite', 'manifest.json'), 'utf8'));
const index = readFileSync(join(dir, 'index.html'), 'utf8');

/** The chunk files and style sheets the given manifest keys load, following static imports. */
function filesOf(keys) {
  const seen = new Set();
  const scripts = [];
  const styles = [];
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    // A lazily loaded module merged into a shared chunk is listed under that chunk's name
    // (the same lookup as check-page-budgets.mjs).
    const name = key.replace(/^.*\//, '').replace(/\.[jt]sx?$/, '');
    const chunk =
      manifest[key] ??
      Object.values(manifest).find((c) => c.src === key) ??
      Object.values(manifest).find((c) => c.name === name && c.file.endsWith('.js'));
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    for (const imported of chunk.imports ?? []) visit(imported);
    if (chunk.file.endsWith('.js')) scripts.push(chunk.file);
    for (const css of chunk.css ?? []) if (!styles.includes(css)) styles.push(css);
  };
  keys.forEach(visit);
  return { scripts, styles };
}

for (const spec of specs) {
  const [page, modules] = spec.split('=');
  if (!page || !modules) throw new Error(`bad page: ${spec}`);
  const { scripts, styles } = filesOf(modules.split('+'));
  // Already announced by index.html (the entry and its static imports): not repeated.
  const links = [
    ...styles
      .filter((f) => !index.includes(`/${f}"`))
      .map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
    ...scripts
      .filter((f) => !index.includes(`/${f}"`))
      .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
  ];
  if (!index.includes('</head>')) throw new Error('index.html has no </head>');
  writeFileSync(join(dir, page), index.replace('</head>', `  ${links.join('\n    ')}\n  </head>`));
  console.log(`✓ ${page}: ${links.length} preloads (${modules})`);
}
