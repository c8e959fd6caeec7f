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
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… selects a PostgreSQL server; otherwise PGlite. */
  url?: string;
  /** PGlite data directory; omitted → in memory (tests). */
  dataDir?: string;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Opens the database and applies the committed migrations. */
export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    const db = drizzlePg(pool, { schema });
    // pgvector is optional on a PostgreSQL server (Debian's has none): detect it at start.
    const hasVector = await pool.query('CREATE EXTENSION IF NOT EXISTS vector').then(
      () => true,
      () => false,
    );
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', hasVector, close: () => pool.end() };
  }
  const client = await PGlite.create({ dataDir: options.dataDir, extensions: { vector } });
  await client.exec('CREATE EXTENSION IF NOT EXISTS vector');
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', hasVector: true, close: () => client.close() };
}
