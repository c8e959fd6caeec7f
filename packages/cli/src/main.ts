import { readFile, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { runCli } from './cli';

// The `parley` command (packages/cli/dist/parley.mjs once built).
process.exitCode = await runCli(process.argv.slice(2), {
  env: process.env,
  fetch: (input, init) => fetch(input, init),
  stdout: (text) => process.stdout.write(`${text}\n`),
  stderr: (text) => process.stderr.write(`${text}\n`),
  readFile: (path) => readFile(path, 'utf8'),
  writeFile: (path, text) => writeFile(path, text, 'utf8'),
  sleep: (ms) => sleep(ms),
  now: () => Date.now(),
});
