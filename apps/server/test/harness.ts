import { once } from 'node:events';
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import pg from 'pg';
import {
  createAgentServiceClient,
  createAppServiceClient,
  createAuthClient,
  createOrgClient,
  createVoiceBackendClient,
  type FetchLike,
} from '@parley/api-client';
import { createServer, type ServerConfig } from '../src/server';
import type { Scheduler } from '../src/scheduling/scheduler';
import type { ImapPoller } from '../src/messaging/mail/imap';
import { openDatabase } from '../src/db/client';
import { migrationsKey, pgliteTemplate } from './pgliteTemplate';
import { configureKnowledge } from './agentFixtures';

/**
 * With PARLEY_TEST_DB=postgres (the 'server-pg' vitest project, CI), each test file gets a fresh
 * database on the TEST_DATABASE_URL server; otherwise an in-memory PGlite (undefined here).
 *
 * The fresh database is a copy of a migrated template (`CREATE DATABASE … TEMPLATE`, see
 * postgresTemplate): the server opening it still runs the migrations, and finds none pending.
 * `{ empty: true }` gives an empty database instead (a test of the first start on PostgreSQL).
 */
export async function freshPostgresUrl(
  options: { empty?: boolean } = {},
): Promise<string | undefined> {
  if (process.env.PARLEY_TEST_DB !== 'postgres') return undefined;
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('PARLEY_TEST_DB=postgres needs TEST_DATABASE_URL');
  const template = options.empty ? undefined : await postgresTemplate(base);
  const name = `parley_t_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  return databaseUrlOf(base, name);
}

/** Drops a database made by freshPostgresUrl (its connections closed by force); undefined: PGlite. */
export async function dropFreshDatabase(url: string | undefined): Promise<void> {
  if (!url) return;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

function databaseUrlOf(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

let template: Promise<string> | null = null;

/**
 * The migrated, empty template database on the TEST_DATABASE_URL server, named after the
 * migrations (`parley_tpl_<key>`): made once per server and set of migrations — by whichever
 * worker (or process) comes first, under an advisory lock — then copied for each test file.
 * Copying it takes a fraction of running every migration on an empty database. It is made under
 * another name and renamed when complete, and closed to connections (a copy needs none open).
 */
export function postgresTemplate(base: string): Promise<string> {
  template ??= makePostgresTemplate(base).catch((error: unknown) => {
    template = null;
    throw error;
  });
  return template;
}

async function makePostgresTemplate(base: string): Promise<string> {
  const key = migrationsKey();
  const name = `parley_tpl_${key}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  // A lock of this key only: other sets of migrations (other branches) make their own at once.
  const lock = BigInt.asIntN(64, BigInt(`0x${key}`)).toString();
  try {
    await admin.query('SELECT pg_advisory_lock($1::bigint)', [lock]);
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return name;
    const building = `${name}_building`;
    await admin.query(`DROP DATABASE IF EXISTS ${building}`);
    await admin.query(`CREATE DATABASE ${building}`);
    const database = await openDatabase({ url: databaseUrlOf(base, building) });
    await database.close();
    // The pool's sessions end a moment after close() returns: rename once they are gone.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
        break;
      } catch (error) {
        // 55006 object_in_use: "being accessed by other users" (for up to 10 s).
        if ((error as { code?: string }).code !== '55006' || attempt >= 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
    return name;
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1::bigint)', [lock]).catch(() => {});
    await admin.end();
  }
}

function cheapScrypt(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, 64, { N: 16, r: 1, p: 1 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/**
 * Test servers hash passwords with scrypt at N=16, r=1 instead of better-auth's N=16384, r=16
 * (~100 ms of a core per sign-up or sign-in, hundreds of them per run; a real check all the same:
 * a wrong password still fails). Production never sets it: test/app.test.ts starts servers
 * without it and checks the stored hash is better-auth's own.
 */
export const testPasswordHasher = {
  hash: async (password: string) => {
    const salt = randomBytes(16).toString('hex');
    return `${salt}:${(await cheapScrypt(password, salt)).toString('hex')}`;
  },
  verify: async ({ hash, password }: { hash: string; password: string }) => {
    const [salt, key] = hash.split(':');
    if (!salt || !key) throw new Error('Invalid password hash');
    const expected = Buffer.from(key, 'hex');
    const actual = await cheapScrypt(password, salt);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  },
};

export interface TestServer {
  url: string;
  /** The PostgreSQL database this server uses (undefined on PGlite): a second server may share it. */
  databaseUrl?: string;
  kind: 'pglite' | 'postgres';
  /** The server's database (tests check what was, or was not, written). */
  db: import('../src/db/client').Db;
  /** pgvector available (always on PGlite; Debian's PostgreSQL has none). */
  hasVector: boolean;
  /** The server's scheduler of outbound calls (tests run rounds with `runOnce(scheduler.deps)`). */
  scheduler: Scheduler;
  /** The server's IMAP poller (messaging/mail/imap.ts). */
  imap: ImapPoller;
  close(): Promise<void>;
  /** A browser-like user: its own cookie jar, Origin header, and the contract clients. */
  newUser(): TestUser;
}

export async function startTestServer(
  options: {
    env?: Record<string, string | undefined>;
    /** Built pages to serve (the console, the public chat page). */
    consoleDir?: string;
    chatbotDir?: string;
    /** Share another test server's PostgreSQL database (it stays when this one closes). */
    databaseUrl?: string;
    /** The outbound-call scheduler's options (an injectable clock, a long pollMs …). */
    scheduler?: ServerConfig['scheduler'];
    /** The server's clock for business hours (handoff tests move it). */
    clock?: () => Date;
  } = {},
): Promise<TestServer> {
  const shared = Boolean(options.databaseUrl);
  const databaseUrl = options.databaseUrl ?? (await freshPostgresUrl());
  const { app, database, scheduler, imap, embeddedVoice } = await createServer({
    scheduler: options.scheduler,
    databaseUrl,
    dataDir: null,
    secret: 'test-secret-test-secret-test-secret-0123',
    logLevel: 'silent',
    // Many users sign up from one address in a test file: the sign-up limit is the security tests' to set.
    env: { PARLEY_AUTH_RATE_LIMIT_PER_IP: '10000', ...options.env },
    consoleDir: options.consoleDir,
    chatbotDir: options.chatbotDir,
    pgliteTemplate: databaseUrl ? undefined : await pgliteTemplate(),
    passwordHasher: testPasswordHasher,
    clock: options.clock,
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  // The embedded voice transport's WebSocket (/voice/stream), as main.ts attaches it.
  embeddedVoice.attach(server as import('node:http').Server);
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    databaseUrl,
    kind: database.kind,
    db: database.db,
    hasVector: database.hasVector,
    scheduler,
    imap,
    newUser: () => new TestUser(url),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
      if (databaseUrl && !shared) {
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)}`);
        await admin.end();
      }
    },
  };
}

let counter = 0;

export class TestUser {
  readonly cookies = new Map<string, string>();
  readonly fetch: FetchLike;
  email = '';
  userId = '';

  constructor(readonly baseUrl: string) {
    this.fetch = async (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('Origin', baseUrl);
      if (this.cookies.size) {
        headers.set('Cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
      }
      const res = await fetch(new URL(input, baseUrl), { ...init, headers });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const eq = pair!.indexOf('=');
        const name = pair!.slice(0, eq);
        const value = pair!.slice(eq + 1);
        if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
        else this.cookies.set(name, value);
      }
      return res;
    };
  }

  get auth() {
    return createAuthClient({ baseUrl: '/api/auth', fetch: this.fetch });
  }
  get org() {
    return createOrgClient({ baseUrl: '/api/org', fetch: this.fetch });
  }
  get agents() {
    return createAgentServiceClient({ baseUrl: '/api', fetch: this.fetch });
  }
  get apps() {
    return createAppServiceClient({ baseUrl: '/api/app', fetch: this.fetch });
  }
  get voice() {
    return createVoiceBackendClient({ baseUrl: '/voice', fetch: this.fetch });
  }

  /** Raw request (for bad-input tests), JSON body, returns status and parsed body. */
  async raw(method: string, path: string, body?: unknown) {
    const res = await this.fetch(path, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let json: unknown = text;
    try {
      json = JSON.parse(text);
    } catch {
      /* keep text */
    }
    return { status: res.status, body: json as Record<string, unknown> };
  }

  /** Signs up (with `email` when given, else a fresh address). */
  async signUp(firstName = 'Ada', lastName = 'Lovelace', email?: string) {
    counter += 1;
    this.email = email ?? `user${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await this.auth.signUp({
      name: `${firstName} ${lastName}`,
      firstName,
      lastName,
      email: this.email,
      password: 'correct-horse-9',
    });
    const me = await this.org.me();
    this.userId = me!.user.userId;
    return this;
  }

  /** Signs up and creates an organization; returns its id. */
  async withOrg(orgName = 'Acme Labs') {
    await this.signUp();
    const created = await this.org.createOrg(orgName);
    return created.data.orgId;
  }

  /** Attaches knowledge bases to the agent of `appKey` (model-config: single retrieval, top_k 4). */
  async attachKnowledge(appKey: string, knowledgeBaseIds: string[]) {
    const res = await configureKnowledge(this, appKey, knowledgeBaseIds);
    if (res.status !== 200) throw new Error(`model-config: ${JSON.stringify(res.body)}`);
  }
}
