import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { chunkSettingsSchema, createKnowledgeClient } from '@parley/api-client';
import { chunkDocument } from '../src/knowledge/chunking';
import { freshPostgresUrl, TestUser } from './harness';
import { seedPgliteDir } from './pgliteTemplate';

/**
 * Crash recovery for real: the server process is killed (SIGKILL) while it ingests a large
 * document, started again on the same database, and the document completes with exactly one
 * copy of each segment. PostgreSQL (the 'server-pg' project) or an embedded PGlite directory.
 */

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const children: ChildProcess[] = [];
const dirs: string[] = [];
const databases: string[] = [];

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  for (const url of databases) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
    await admin.end();
  }
});

async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: 'warn', PARLEY_INGEST_STALE_SECONDS: '1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  const url = `http://127.0.0.1:${env.PORT}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

async function kill(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/**
 * Retries an idempotent read when the connection is reset: while the restarted server's single
 * thread is busy ingesting, it may close a kept-alive socket just as the next request goes out.
 */
async function read<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const reset = error instanceof TypeError && /fetch failed/.test(error.message);
      if (!reset || attempt >= 20) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** ~3 MB of markdown: many sections, so chunking and inserting take seconds (the kill lands mid-job). */
function largeDocument(): string {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < 3 * 1024 * 1024; i++) {
    const part = `## Section ${i}\n\n${`Paragraph ${i} explains policy number ${i} in plain words for the front desk. `.repeat(12)}\n\n`;
    parts.push(part);
    length += part.length;
  }
  return parts.join('');
}

describe('ingestion survives a killed server', () => {
  it('SIGKILL mid-ingestion → restart → the document completes, no duplicate segments', async () => {
    const databaseUrl = await freshPostgresUrl();
    if (databaseUrl) databases.push(databaseUrl);
    const dataDir = mkdtempSync(join(tmpdir(), 'parley-crash-'));
    dirs.push(dataDir);
    const port = String(await freePort());
    const env = { PORT: port, PUBLIC_URL: `http://127.0.0.1:${port}`, PARLEY_DATA_DIR: dataDir };
    if (databaseUrl) Object.assign(env, { DATABASE_URL: databaseUrl });
    // PGlite: the directory starts as an initialised, migrated database (initdb is not the subject
    // here; app.test.ts starts a server on a fresh data directory).
    else await seedPgliteDir(join(dataDir, 'pglite'));
    const url = `http://127.0.0.1:${port}`;

    let server = await startServer(env);
    const user = new TestUser(url);
    await user.withOrg('Crash Org');
    const kb = createKnowledgeClient({ baseUrl: '/api/knowledge-bases', fetch: user.fetch });
    const base = await kb.create({ name: 'Big', indexingTechnique: 'economy' });
    const content = largeDocument();
    const doc = await kb.addText(base.id, { name: 'policies.md', content });

    // Kill the process while the job is running (PostgreSQL: seen in the jobs table).
    const db = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : null;
    await db?.connect();
    if (db) {
      for (let i = 0; i < 2000; i++) {
        const { rows } = await db.query<{ status: string }>(
          'SELECT status FROM ingestion_jobs WHERE document_id = $1',
          [doc.id],
        );
        if (rows[0]?.status === 'running') break;
        await new Promise((r) => setTimeout(r, 5));
      }
    } else {
      await new Promise((r) => setTimeout(r, 200));
    }
    await kill(server);
    const beforeRestart = await db?.query<{ status: string; segments: string }>(
      `SELECT j.status, (SELECT count(*) FROM segments s WHERE s.document_id = $1) AS segments
         FROM ingestion_jobs j WHERE j.document_id = $1`,
      [doc.id],
    );
    if (beforeRestart) {
      // Killed mid-job: claimed, some batches of segments perhaps written (never visible: the
      // document is still 'indexing'); the resumed job deletes them before writing its own.
      expect(beforeRestart.rows[0]?.status).toBe('running');
    }

    // Restarted on another port: the client's kept-alive sockets to the killed process are dead.
    const port2 = String(await freePort());
    server = await startServer({ ...env, PORT: port2, PUBLIC_URL: `http://127.0.0.1:${port2}` });
    const again = new TestUser(`http://127.0.0.1:${port2}`);
    for (const [name, value] of user.cookies) again.cookies.set(name, value);
    const kb2 = createKnowledgeClient({ baseUrl: '/api/knowledge-bases', fetch: again.fetch });
    let status = '';
    for (let i = 0; i < 600 && status !== 'completed'; i++) {
      status =
        (await read(() => kb2.documents(base.id))).find((d) => d.id === doc.id)?.status ?? '';
      if (status === 'error') throw new Error('document ended in error');
      if (status !== 'completed') await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe('completed');

    const expected = chunkDocument(content, chunkSettingsSchema.parse({}));
    const segments = await read(() => kb2.segments(base.id, doc.id));
    expect(segments).toHaveLength(expected.length);
    expect(new Set(segments.map((s) => s.content)).size).toBe(segments.length);
    if (db) {
      const { rows } = await db.query<{ attempts: number; status: string }>(
        'SELECT attempts, status FROM ingestion_jobs WHERE document_id = $1',
        [doc.id],
      );
      expect(rows).toEqual([{ attempts: 2, status: 'done' }]);
      await db.end();
    }
    await kill(server);
  }, 180_000);
});
