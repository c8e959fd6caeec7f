import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * Starts `file` (a bench) again in a child process in `roleName` (its server, its fake model…);
 * resolves once the child prints `READY <payload>`, with the payload. BENCH_CPU_PROF=<role> writes
 * a CPU profile of that process into ./bench-profiles.
 */
export function startRole(
  file: string,
  roleName: string,
  args: string[] = [],
  options: { stdin?: boolean } = {},
): Promise<{ child: ChildProcess; ready: string }> {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_CPU_PROF === roleName
        ? ['--cpu-prof', '--cpu-prof-dir=bench-profiles']
        : []),
      '--import',
      'tsx',
      file,
      roleName,
      ...args,
    ],
    { stdio: [options.stdin ? 'pipe' : 'ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('READY ')) resolve({ child, ready: line.slice(6).trim() });
    });
    child.once('exit', (code) => reject(new Error(`bench: ${roleName} exited (${code})`)));
  });
}
