#!/usr/bin/env node
/**
 * Bundles the CLI into one file with no dependencies (the contract and zod inside), runnable with
 * Node 20+: `node build.mjs [outfile]` (default dist/parley.mjs, the package's `parley` bin).
 */
import { chmodSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const outfile = resolve(process.argv[2] ?? resolve(here, 'dist/parley.mjs'));
await build({
  absWorkingDir: here,
  entryPoints: ['src/main.ts'],
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  outfile,
  banner: { js: '#!/usr/bin/env node' },
  legalComments: 'none',
  minify: true,
  logLevel: 'warning',
});
chmodSync(outfile, 0o755);
