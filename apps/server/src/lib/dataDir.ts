import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root (apps/server/src/lib → four levels up). */
export const repositoryRoot = fileURLToPath(new URL('../../../..', import.meta.url));

/**
 * Where the embedded database and the generated secret live. Default: `data/` at the repository
 * root, wherever the server is started from (`npm start` runs it inside apps/server). A relative
 * `PARLEY_DATA_DIR` is read from the directory the command was typed in: npm's `INIT_CWD` when
 * started through npm, else the working directory.
 */
export function resolveDataDir(
  env: Record<string, string | undefined>,
  cwd: string = process.cwd(),
  root: string = repositoryRoot,
): string {
  const configured = env.PARLEY_DATA_DIR?.trim();
  if (!configured) return resolve(root, 'data');
  if (isAbsolute(configured)) return resolve(configured);
  return resolve(env.INIT_CWD || cwd, configured);
}
