import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { dropFreshDatabase, freshPostgresUrl } from '../../test/harness';
import { openDatabase, type Database } from './client';
import { rowsOf } from './rows';

/** The PostgreSQL connection pool (the 'server-pg' project; PGlite has no connections to lose). */
const onPostgres = process.env.PARLEY_TEST_DB === 'postgres';

describe.runIf(onPostgres)('the PostgreSQL pool', () => {
  let url: string | undefined;
  let database: Database;
  beforeAll(async () => {
    url = await freshPostgresUrl();
    database = await openDatabase({ url });
  });
  afterAll(async () => {
    await database?.close();
    await dropFreshDatabase(url);
  });

  it('an idle connection ended by the server leaves the pool; the process lives and the next query works', async () => {
    const pidOf = async () =>
      Number(rowsOf(await database.db.execute(sql`SELECT pg_backend_pid() AS pid`))[0]!.pid);
    const pid = await pidOf();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    // The pool hears the idle connection's end ('error'); unheard, that would be uncaught.
    await new Promise((r) => setTimeout(r, 100));
    expect(await pidOf()).not.toBe(pid);
  });
});
