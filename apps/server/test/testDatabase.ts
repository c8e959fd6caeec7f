import { openDatabase, type Database } from '../src/db/client';
import { organization } from '../src/db/schema';
import { dropFreshDatabase, freshPostgresUrl } from './harness';
import { pgliteTemplate } from './pgliteTemplate';

/**
 * A database of a test file's own, with no server: a copy of the migrated template on the
 * PostgreSQL of TEST_DATABASE_URL (the server-pg project), else an in-memory PGlite from the
 * migrated template. With `orgId`, an organization of that id is in it. `close` closes it and
 * drops the PostgreSQL copy.
 */
export async function openTestDatabase(options: { orgId?: string } = {}): Promise<{
  database: Database;
  close: () => Promise<void>;
}> {
  const url = await freshPostgresUrl();
  const database = await openDatabase(url ? { url } : { template: await pgliteTemplate() });
  if (options.orgId) {
    await database.db.insert(organization).values({ id: options.orgId, name: 'Org', slug: 'org' });
  }
  return {
    database,
    close: async () => {
      await database.close();
      await dropFreshDatabase(url);
    },
  };
}
