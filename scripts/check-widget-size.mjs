// Fails the build when a widget bundle grows past its gzip budget, or contains eval-like code
// that a strict CSP (no 'unsafe-eval') would block.
// Usage (from a widget package): node ../../scripts/check-widget-size.mjs <dist dir> <file>=<budget KB>|<file> ...  (no budget: reported only)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const [dir, ...specs] = process.argv.slice(2);
if (!dir || specs.length === 0) {
  console.error('usage: check-widget-size.mjs <dist dir> <file>[=<budget KB>] ...');
  process.exit(2);
}
let failed = false;
for (const spec of specs) {
  const [file, budget] = spec.split('=');
  const code = readFileSync(join(dir, file));
  const gzip = gzipSync(code, { level: 9 }).length / 1024;
  const limit = budget ? Number(budget) : null;
  const over = limit !== null && gzip > limit;
  const evalLike = /\beval\s*\(|\bnew\s+Function\s*\(/.test(code.toString('utf8'));
  console.log(
    `${over || evalLike ? '✗' : '✓'} ${file}: ${(code.length / 1024).toFixed(1)} KB, ` +
      `${gzip.toFixed(2)} KB gzip${limit !== null ? ` (budget ${limit} KB)` : ''}` +
      (evalLike ? ' — contains eval/new Function' : ''),
  );
  if (over || evalLike) failed = true;
}
if (failed) {
  console.error('Widget bundle check failed.');
  process.exit(1);
}
