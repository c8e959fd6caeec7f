import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client';
import { documents, ingestionJobs, knowledgeBases, organization, segments } from '../db/schema';
import { claimJob, drainJobs, enqueueIngestion, requeueOrphanedJobs } from '../knowledge/ingest';
import { freshPostgresUrl } from '../../test/harness';
import { pgliteTemplate } from '../../test/pgliteTemplate';

let database: Database;
let kbId: string;

beforeAll(async () => {
  const url = await freshPostgresUrl();
  database = await openDatabase({ url, template: url ? undefined : await pgliteTemplate() });
  await database.db.insert(organization).values({ id: 'org_i', name: 'Ingest', slug: 'ingest' });
  const [kb] = await database.db
    .insert(knowledgeBases)
    .values({ organizationId: 'org_i', createdBy: 'u', name: 'KB', chunkSettings: {} })
    .returning();
  kbId = kb!.id;
});
afterAll(async () => {
  await database?.close();
});

async function newDocument(content: string) {
  const [doc] = await database.db
    .insert(documents)
    .values({
      knowledgeBaseId: kbId,
      organizationId: 'org_i',
      name: 'd',
      sourceType: 'text',
      content,
      indexingTechnique: 'economy',
      chunkSettings: {},
    })
    .returning();
  return doc!;
}

describe('durable ingestion jobs', () => {
  it('a job left running by a crashed worker is claimed again; a fresh running one is not', async () => {
    const doc = await newDocument('Crash recovery text.');
    await database.db.insert(ingestionJobs).values({
      documentId: doc.id,
      status: 'running',
      lockedAt: sql`now() - interval '10 minutes'`,
    });
    const fresh = await newDocument('Being worked on.');
    await database.db
      .insert(ingestionJobs)
      .values({ documentId: fresh.id, status: 'running', lockedAt: new Date() });
    const claimed = await claimJob(database.db);
    expect(claimed?.documentId).toBe(doc.id);
    expect(await claimJob(database.db)).toBeNull();
    await database.db.delete(ingestionJobs);
  });

  it('the embedded database at start: every running job (a crash of this process) is queued again', async () => {
    const doc = await newDocument('Left running.');
    await database.db
      .insert(ingestionJobs)
      .values({ documentId: doc.id, status: 'running', lockedAt: new Date() });
    expect(await claimJob(database.db)).toBeNull();
    expect(await requeueOrphanedJobs(database.db)).toBe(1);
    expect((await claimJob(database.db))?.documentId).toBe(doc.id);
    await database.db.delete(ingestionJobs);
  });

  it('a shorter stale lease reclaims sooner', async () => {
    const doc = await newDocument('Slow worker.');
    await database.db.insert(ingestionJobs).values({
      documentId: doc.id,
      status: 'running',
      lockedAt: sql`now() - interval '5 seconds'`,
    });
    expect(await claimJob(database.db)).toBeNull();
    expect((await claimJob(database.db, 1))?.documentId).toBe(doc.id);
    await database.db.delete(ingestionJobs);
  });

  it('drains: a document ends completed with segments, or error with its reason', async () => {
    const good = await newDocument('# Title\nSome text to index.');
    const empty = await newDocument('   ');
    await enqueueIngestion(database.db, good.id);
    await enqueueIngestion(database.db, empty.id);
    expect(await drainJobs(database.db)).toBe(2);
    const [g] = await database.db.select().from(documents).where(eq(documents.id, good.id));
    const [e] = await database.db.select().from(documents).where(eq(documents.id, empty.id));
    expect(g).toMatchObject({ status: 'completed', wordCount: 6 });
    expect(e).toMatchObject({ status: 'error', error: 'The document has no text to index' });
    expect(
      (await database.db.select().from(segments).where(eq(segments.documentId, good.id))).length,
    ).toBe(1);
  });

  it('concurrent claims never take the same job (FOR UPDATE SKIP LOCKED)', async () => {
    const docs = await Promise.all([newDocument('a'), newDocument('b'), newDocument('c')]);
    for (const d of docs) await enqueueIngestion(database.db, d.id);
    const claims = await Promise.all([
      claimJob(database.db),
      claimJob(database.db),
      claimJob(database.db),
      claimJob(database.db),
    ]);
    const ids = claims.filter(Boolean).map((c) => c!.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(3);
  });
});
