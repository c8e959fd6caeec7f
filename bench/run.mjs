// Runs every benchmark in this folder (`*.bench.ts`, `*.bench.mjs`, e.g. load.bench.ts: 200
// concurrent streaming chats, BENCH_LOAD_SECONDS long); each prints one JSON line per figure.
// `node bench/run.mjs load` runs only the files whose name contains 'load'.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv[2];
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.mjs') || f.endsWith('.bench.ts'))
  .filter((f) => !only || f.includes(only))
  .sort();
let failed = 0;
for (const f of files) {
  // TypeScript benches (they import the server's source) run through tsx.
  const args = f.endsWith('.ts') ? ['--import', 'tsx', dir + f] : [dir + f];
  const r = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
