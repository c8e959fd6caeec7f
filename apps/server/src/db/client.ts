import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  /** 'pglite' (embedded; a directory or in memory) or 'postgres' (DATABASE_URL). */
  kind: 'pglite' | 'postgres';
  /** Whether the pgvector extension is available (always on PGlite). */
  hasVector: boolean;
  /**
   * LISTEN on a channel: `onNotify` gets each payload; `onLive(false)` when notifications may be
   * missed (the listening connection dropped; it reconnects), `onLive(true)` once listening again.
   * Returns an unlisten.
   * On PGlite a NOTIFY reaches the listener before the notifying query resolves.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onLive?: (live: boolean) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… selects a PostgreSQL server; otherwise PGlite. */
  url?: string;
  /** PGlite data directory; omitted → in memory (tests). */
  dataDir?: string;
  /**
   * An in-memory PGlite starts from this dump of an already initialised database (`dumpDataDir`)
   * instead of running initdb: tests start a server in a third of the time.
   */
  template?: Blob;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
/** The advisory lock the processes starting on one PostgreSQL take turns on to migrate. */
const migrationLock = 'parley:migrations';

/** Opens the database and applies the committed migrations. */
export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle connection that breaks (the server restarted, an administrator ended it) leaves the
    // pool and the next query opens a new one; unheard, its 'error' would end the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema });
    // Several processes may start at once on one database: one migrates (holding a session
    // advisory lock on a connection of its own), the others wait for it, then find nothing to do.
    const lock = await pool.connect();
    let hasVector: boolean;
    try {
      await lock.query('SELECT pg_advisory_lock(hashtext($1))', [migrationLock]);
      // pgvector is optional on a PostgreSQL server (Debian's has none): detect it at start.
      hasVector = await pool.query('CREATE EXTENSION IF NOT EXISTS vector').then(
        () => true,
        () => false,
      );
      await migratePg(db, { migrationsFolder });
    } finally {
      await lock.query('SELECT pg_advisory_unlock(hashtext($1))', [migrationLock]).catch(() => {});
      lock.release();
    }
    const listeners = new Set<() => Promise<void>>();
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      hasVector,
      listen: async (channel, onNotify, onLive) => {
        const stop = await listenPostgres(options.url!, channel, onNotify, onLive);
        listeners.add(stop);
        return async () => {
          listeners.delete(stop);
          await stop();
        };
      },
      close: async () => {
        await Promise.all([...listeners].map((stop) => stop()));
        await pool.end();
      },
    };
  }
  const client = await PGlite.create({
    dataDir: options.dataDir,
    extensions: { vector },
    ...(options.template && !options.dataDir ? { loadDataDir: options.template } : {}),
  });
  await client.exec('CREATE EXTENSION IF NOT EXISTS vector');
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    hasVector: true,
    listen: async (channel, onNotify) => client.listen(channel, onNotify),
    close: () => client.close(),
  };
}

/** A dedicated connection that LISTENs; reconnects (telling `onLive`) when it drops. */
async function listenPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onLive?: (live: boolean) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let wasLost = false;
  const reconnectLater = () => {
    if (stopped) return;
    retry = setTimeout(() => void connect().catch(reconnectLater), 1000);
  };
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel === channel) onNotify(n.payload ?? '');
    });
    let gone = false;
    const lost = () => {
      if (gone || stopped) return;
      gone = true;
      wasLost = true;
      if (client === c) client = null;
      onLive?.(false);
      void c.end().catch(() => {});
      reconnectLater();
    };
    c.on('error', lost);
    c.on('end', lost);
    client = c;
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (wasLost) onLive?.(true);
      wasLost = false;
    } catch (error) {
      if (gone) return; // the 'error' event already scheduled the reconnect
      gone = true;
      if (client === c) client = null;
      void c.end().catch(() => {});
      throw error;
    }
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
