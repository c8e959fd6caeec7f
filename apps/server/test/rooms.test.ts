// The house's rooms (docs/architecture.md), read from the tree:
// - apps/server/src/lib/ is plumbing: it imports no feature folder (only lib/ itself and db/);
// - openapi.ts is written from the contract (@parley/api-client), not from route files;
// - the voice worker (apps/voice-agent/src) imports nothing from apps/server: what both need
//   (the call token) lives in @parley/api-client. Its integration tests (apps/voice-agent/test)
//   may start a real server through the server's test harness, and nothing else of it.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../src/lib/dataDir';

const serverSrc = join(repositoryRoot, 'apps/server/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx|mts|mjs|js)$/.test(entry.name) ? [path] : [];
  });
}

/** Every module a file names: static imports and re-exports, `import '…'` and `import('…')`. */
function specifiersOf(text: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\bfrom\s+['"]([^'"]+)['"]/g,
    /\bimport\s+['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const m of text.matchAll(pattern)) found.push(m[1]!);
  return found;
}

/** The repository-relative path a relative specifier points at (null: a package). */
function target(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  return relative(repositoryRoot, resolve(dirname(file), specifier))
    .split(sep)
    .join('/');
}

const rel = (file: string) => relative(repositoryRoot, file).split(sep).join('/');

describe('rooms', () => {
  it('reads imports of every kind', () => {
    expect(
      specifiersOf(
        "import type { A } from '../a';\nexport { b } from './b';\nimport './c';\nconst d = await import('../d');",
      ),
    ).toEqual(['../a', './b', './c', '../d']);
  });

  it('lib/ imports no feature folder (only lib/ and db/)', () => {
    const offending: string[] = [];
    for (const file of sourceFiles(join(serverSrc, 'lib'))) {
      for (const specifier of specifiersOf(readFileSync(file, 'utf8'))) {
        const to = target(file, specifier);
        if (!to) continue;
        const inside = to.startsWith('apps/server/src/')
          ? to.slice('apps/server/src/'.length)
          : null;
        const room = inside?.split('/')[0];
        // A test may start a server through the test harness (apps/server/test).
        const harness = /\.test\.ts$/.test(file) && to.startsWith('apps/server/test/');
        const allowed = room === 'lib' || room === 'db' || harness;
        if (!allowed) offending.push(`${rel(file)} imports ${specifier}`);
      }
    }
    expect(offending).toEqual([]);
  });

  it('openapi.ts describes the API from the contract, importing no route file', () => {
    const file = join(serverSrc, 'openapi.ts');
    // A feature may keep its entries in a module of its own (`<feature>/openapi.ts`), assembled
    // here; such a module, too, is written from the contract (and the Operation type) alone. So
    // is the API keys' route→scope table (`apikeys/scopes.ts`: data, no route), which names each
    // call's scope.
    const local = specifiersOf(readFileSync(file, 'utf8')).filter((s) => s.startsWith('.'));
    const modules = local.filter((s) => /^\.\/[\w-]+\/openapi$|^\.\/apikeys\/scopes$/.test(s));
    expect(local.filter((s) => !modules.includes(s))).toEqual([]);
    for (const m of modules) {
      const own = specifiersOf(readFileSync(join(serverSrc, `${m.slice(2)}.ts`), 'utf8'));
      expect({ m, local: own.filter((s) => s.startsWith('.') && s !== '../openapi') }).toEqual({
        m,
        local: [],
      });
    }
  });

  it('the voice worker imports nothing from apps/server', () => {
    const offending: string[] = [];
    const worker = join(repositoryRoot, 'apps/voice-agent');
    for (const file of [
      ...sourceFiles(join(worker, 'src')),
      ...sourceFiles(join(worker, 'test')),
    ]) {
      const isTest = rel(file).startsWith('apps/voice-agent/test/');
      for (const specifier of specifiersOf(readFileSync(file, 'utf8'))) {
        const to = target(file, specifier);
        const fromServer =
          specifier.startsWith('@parley/server') || (to?.startsWith('apps/server') ?? false);
        if (!fromServer) continue;
        // Its tests start a real server through the server's test helpers (harness, fake models).
        if (isTest && (to?.startsWith('apps/server/test/') ?? false)) continue;
        offending.push(`${rel(file)} imports ${specifier}`);
      }
    }
    expect(offending).toEqual([]);
  });
});
