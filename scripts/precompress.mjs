// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the given build
// directories, at the highest levels (done once at build time; the server picks one per request
// by Accept-Encoding). A copy that would not be smaller is not written.
// Usage: node scripts/precompress.mjs <dir> [<dir> ...]
import { readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const compressible = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.map',
  '.txt',
  '.ttf',
  '.otf',
  '.webmanifest',
  '.ico',
]);

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) yield* files(path);
    else if (compressible.has(extname(entry.name))) yield path;
  }
}

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  console.error('usage: precompress.mjs <dir> ...');
  process.exit(2);
}
let raw = 0;
let br = 0;
let count = 0;
for (const dir of dirs) {
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) continue;
  for (const path of files(dir)) {
    const body = readFileSync(path);
    const variants = {
      '.br': brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      '.gz': gzipSync(body, { level: 9 }),
    };
    for (const [suffix, compressed] of Object.entries(variants)) {
      if (compressed.length < body.length) writeFileSync(path + suffix, compressed);
      else if (statSync(path + suffix, { throwIfNoEntry: false })) unlinkSync(path + suffix);
    }
    raw += body.length;
    br += Math.min(body.length, variants['.br'].length);
    count += 1;
  }
}
console.log(
  `precompressed ${count} files in ${dirs.join(', ')}: ${(raw / 1024).toFixed(1)} KB → ${(br / 1024).toFixed(1)} KB brotli`,
);
