import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../src/db/client';

const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

/** What the template depends on: every migration file and the PGlite version. */
function templateKey(): string {
  const hash = createHash('sha256');
  // PGlite's entry file (its package exports no package.json): a new version is a new file.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(entry).update(readFileSync(entry));
  hashMigrations(hash);
  return hash.digest('hex').slice(0, 16);
}

/**
 * A key of every migration file (names and contents): a migrated template made under it has
 * exactly these migrations. The PostgreSQL template database of the harness is named after it.
 */
export function migrationsKey(): string {
  const hash = createHash('sha256');
  hashMigrations(hash);
  return hash.digest('hex').slice(0, 16);
}

function hashMigrations(hash: ReturnType<typeof createHash>): void {
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(migrationsFolder);
}

let cached: Promise<Blob> | null = null;

function templateFile(): string {
  return join(tmpdir(), `parley-pglite-template-${templateKey()}.tar`);
}

/**
 * A dump of a migrated, empty in-memory database, made once per machine (kept in the temp
 * directory under a key of the migrations and the PGlite version): each test server loads it
 * instead of running initdb and every migration again. The migrations still run on load (none is
 * pending), so a stale template can never hide a schema change.
 */
export function pgliteTemplate(): Promise<Blob> {
  cached ??= (async () => {
    const file = templateFile();
    try {
      return inMemory(readFileSync(file));
    } catch {
      // Not made yet on this machine: make it.
    }
    const database = await openDatabase({});
    const client = (
      database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }
    ).$client;
    const dump = await client.dumpDataDir('none');
    await database.close();
    const bytes = Buffer.from(await dump.arrayBuffer());
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, bytes);
    renameSync(partial, file);
    return inMemory(bytes);
  })();
  return cached;
}

/**
 * The template as PGlite reads it (`await loadDataDir.arrayBuffer()`, then untarred into its own
 * file system, the bytes only read): one ArrayBuffer handed to every server of the worker. Node's
 * Blob.arrayBuffer() copies the 40 MB in chunks at each start (about a third of a second).
 */
function inMemory(bytes: Buffer): Blob {
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return {
    size: buffer.byteLength,
    type: '',
    arrayBuffer: () => Promise.resolve(buffer),
  } as unknown as Blob;
}

/**
 * Fills an empty PGlite data directory with the template (the tar holds the data directory's
 * files): a server started on it opens an existing database instead of running initdb. For tests
 * whose subject is not the first start (app.test.ts starts one on a fresh directory).
 */
export async function seedPgliteDir(dir: string): Promise<void> {
  await pgliteTemplate();
  mkdirSync(dir, { recursive: true });
  execFileSync('tar', ['-xf', templateFile(), '-C', dir]);
}
