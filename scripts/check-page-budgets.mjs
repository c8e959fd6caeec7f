// Fails the build when a page's JavaScript grows past its gzip budget. A page is an HTML entry of
// a Vite build plus the lazily loaded modules it opens with (a route, a tab); its JavaScript is
// every chunk those load before the page can show, followed through static imports in Vite's
// manifest (build.manifest: true), each chunk counted once.
// Usage: node check-page-budgets.mjs <dist dir> '<name>=<entry>[+<module>...]:<budget KB>' ...
//   e.g. node check-page-budgets.mjs dist '/login=index.html+src/routes/LoginRoute.tsx:120'
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const [dir, ...specs] = process.argv.slice(2);
if (!dir || specs.length === 0) {
  console.error(
    "usage: check-page-budgets.mjs <dist dir> '<name>=<entry>[+<module>...]:<budget KB>' ...",
  );
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(join(dir, '.vite', 'manifest.json'), 'utf8'));

/** Every chunk file the given manifest keys load, following static imports. */
function chunksOf(keys) {
  const seen = new Set();
  const files = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    // A lazily loaded module merged into a shared chunk is listed under that chunk's name.
    const name = key.replace(/^.*\//, '').replace(/\.[jt]sx?$/, '');
    const chunk =
      manifest[key] ??
      Object.values(manifest).find((c) => c.src === key) ??
      Object.values(manifest).find((c) => c.name === name && c.file.endsWith('.js'));
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...files];
}

let failed = false;
for (const spec of specs) {
  const match = /^(.+?)=(.+):(\d+(?:\.\d+)?)$/.exec(spec);
  if (!match) throw new Error(`bad budget: ${spec}`);
  const [, name, entries, budget] = match;
  const files = chunksOf(entries.split('+'));
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const code = readFileSync(join(dir, file));
    raw += code.length;
    gzip += gzipSync(code, { level: 9 }).length;
    if (/\beval\s*\(|\bnew\s+Function\s*\(/.test(code.toString('utf8')))
      console.warn(`  note: ${file} contains eval/new Function (a strict CSP blocks it)`);
  }
  const kb = gzip / 1024;
  const over = kb > Number(budget);
  if (over) failed = true;
  console.log(
    `${over ? '✗' : '✓'} ${name}: ${files.length} scripts, ${(raw / 1024).toFixed(1)} KB, ` +
      `${kb.toFixed(1)} KB gzip (budget ${budget} KB)`,
  );
}
if (failed) {
  console.error('Page budget check failed: a page loads more JavaScript than its budget.');
  process.exit(1);
}
