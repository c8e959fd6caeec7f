import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const buildScript = join(dirname(fileURLToPath(import.meta.url)), '..', 'build.mjs');

let built: Promise<string> | null = null;

/**
 * The CLI bundled as it ships (build.mjs, the `parley` bin), built once per test process from
 * the current sources into a temporary directory: a test never runs a stale dist/.
 */
export function builtParley(): Promise<string> {
  built ??= (async () => {
    const outfile = join(mkdtempSync(join(tmpdir(), 'parley-cli-')), 'parley.mjs');
    await run(process.execPath, [buildScript, outfile]);
    return outfile;
  })();
  return built;
}

export interface ParleyResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `parley <args>` as its own process (Node, a clean environment plus `env`). */
export async function runParley(
  args: string[],
  options: { env?: Record<string, string>; cwd?: string } = {},
): Promise<ParleyResult> {
  const bin = await builtParley();
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, ...args], {
      cwd: options.cwd,
      env: { PATH: process.env.PATH ?? '', ...options.env },
      timeout: 120_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    return { code: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}
