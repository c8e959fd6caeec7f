import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { verifyPassword } from 'better-auth/crypto';
import { createServer } from '../src/server';
import { account } from '../src/db/schema';
import { freshPostgresUrl, testPasswordHasher } from './harness';
import { pgliteTemplate } from './pgliteTemplate';

/** One in-memory server for the console and widget checks (a console directory and widget files). */
let shell: Awaited<ReturnType<typeof createServer>>;
let widgetDir = '';

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'parley-console-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Parley</title>');
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'assets', 'app.js'), 'console.log(1)');
  widgetDir = await mkdtemp(join(tmpdir(), 'parley-widgets-'));
  await writeFile(join(widgetDir, 'chat.js'), 'window.ParleyChat=1');
  shell = await createServer({
    dataDir: null,
    pgliteTemplate: await pgliteTemplate(),
    consoleDir: dir,
    widgetFiles: {
      'chat.js': join(widgetDir, 'chat.js'),
      'voice.js': join(widgetDir, 'missing.js'),
    },
    logLevel: 'silent',
  });
});
afterAll(async () => {
  await shell?.database.close();
});

describe('server shell', () => {
  it('answers /healthz and serves the console with SPA fallback, never for API paths', async () => {
    const { app } = shell;
    const health = await app.request('/healthz');
    expect(await health.json()).toEqual({ status: 'ok' });
    const deep = await app.request('/agents/abc');
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('<title>Parley</title>');
    // The public chat page is not the console (see src/chatbot).
    expect(await (await app.request('/chatbot/abc')).text()).not.toContain('<title>Parley</title>');
    const asset = await app.request('/assets/app.js');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const traversal = await app.request('/..%2f..%2fetc%2fpasswd');
    expect(await traversal.text()).toContain('<title>Parley</title>');
    const api = await app.request('/api/unknown');
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ success: false });
  });

  // PGlite: a fresh data directory (initdb, then reopened); 'server-pg': an empty PostgreSQL
  // database (every migration runs on the first start), then reopened.
  it('given a data directory › data survives a restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'parley-data-'));
    const databaseUrl = await freshPostgresUrl({ empty: true });
    const first = await createServer({ dataDir, databaseUrl, logLevel: 'silent' });
    const signUp = await first.app.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://localhost' },
      body: JSON.stringify({
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        password: 'correct-horse-9',
      }),
    });
    expect(signUp.status).toBe(200);
    // A server started as production starts (no passwordHasher) stores better-auth's own scrypt
    // hash (N=16384, r=16), not the test servers' cheap one (test/harness.ts).
    const [stored] = await first.database.db.select({ hash: account.password }).from(account);
    expect(stored!.hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash: stored!.hash!, password: 'correct-horse-9' })).toBe(true);
    expect(
      await testPasswordHasher.verify({ hash: stored!.hash!, password: 'correct-horse-9' }),
    ).toBe(false);
    await first.database.close();
    const second = await createServer({ dataDir, databaseUrl, logLevel: 'silent' });
    const signIn = await second.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://localhost' },
      body: JSON.stringify({ email: 'ada@example.com', password: 'correct-horse-9' }),
    });
    expect(signIn.status).toBe(200);
    await second.database.close();
    if (databaseUrl) {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)}`);
      await admin.end();
    }
  }, 120_000);
});

describe('widget bundles', () => {
  it('serves them cacheable, cross-origin, with ETag revalidation; unknown names 404', async () => {
    const { app } = shell;
    const res = await app.request('/widget/chat.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe('public, no-cache');
    expect(res.headers.get('content-type')).toContain('javascript');
    const again = await app.request('/widget/chat.js', {
      headers: { 'If-None-Match': res.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    expect((await app.request('/widget/voice.js')).status).toBe(404);
    expect((await app.request('/widget/other.js')).status).toBe(404);
  });
});
