import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { chunkSettingsSchema } from '@parley/api-client';
import type { Db } from '../db/client';
import { documents, ingestionJobs, knowledgeBases, segments } from '../db/schema';
import { chunkInWorker } from './pool';
import { storeEmbeddings } from './embeddings';
import { vectorForOrg, type VectorIndex } from './retrieve';
import { drain, startWorker, type Queue } from '../lib/jobs';
import { claimRows, renewLeases, Turns, type JobTable } from '../lib/jobTable';

/**
 * A job left 'running' longer than this (its process crashed) is claimed again. Other processes
 * on the same PostgreSQL may still be working on a younger one, so it is not taken earlier.
 * `PARLEY_INGEST_STALE_SECONDS` overrides it.
 */
export const staleAfterSeconds = 300;
export const maxAttempts = 3;

/** Queues (re)indexing of a document. */
export async function enqueueIngestion(db: Db, documentId: string): Promise<void> {
  await db
    .update(documents)
    .set({ status: 'indexing', error: null, updatedAt: new Date() })
    .where(eq(documents.id, documentId));
  await db.insert(ingestionJobs).values({ documentId });
}

/** The ingestion jobs as a queue of the job runner: pending, or running with a lapsed lease. */
export const ingestionTable = (
  staleSeconds = staleAfterSeconds,
): JobTable<typeof ingestionJobs> => ({
  table: ingestionJobs,
  id: ingestionJobs.id,
  // Organizations in turns: one organization's hundred uploads do not hold back another's one.
  owner: sql`(SELECT ${documents.organizationId} FROM ${documents} WHERE ${documents.id} = ${ingestionJobs.documentId})`,
  order: ingestionJobs.createdAt,
  ready: () => sql`${ingestionJobs.status} = 'pending'`,
  claimed: sql`${ingestionJobs.status} = 'running'`,
  lease: { column: ingestionJobs.lockedAt, holds: 'start', ms: staleSeconds * 1000 },
});

/** This process's round of organizations (lib/jobTable.ts Turns). */
const turns = new Turns();

/**
 * Claims the next pending job (or one whose worker died) with FOR UPDATE SKIP LOCKED, so
 * several server processes on one PostgreSQL never take the same job.
 */
export async function claimJob(
  db: Db,
  staleSeconds = staleAfterSeconds,
): Promise<{ id: string; documentId: string } | null> {
  const [job] = await claimRows(db, ingestionTable(staleSeconds), {
    limit: 1,
    turns,
    set: { status: 'running', attempts: sql`${ingestionJobs.attempts} + 1` },
  });
  return job ? { id: job.id, documentId: job.documentId } : null;
}

/**
 * Segments are written this many at a time, each batch its own short statement: on the embedded
 * database every statement runs on the server's own thread, so a short one keeps requests moving.
 */
export const segmentBatchSize = 10;

/** Lets the event loop serve other requests between two batches of database work. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Parses are done at upload; here: clean → sections → chunks in a worker thread, then the segments
 * written in small batches (never one long transaction: on the embedded database it would hold the
 * only connection, and every other request, for the whole document), then 'completed' in one short
 * transaction. Until then the document is 'indexing' and retrieval ignores it; a job resumed after
 * a crash deletes what the dead attempt wrote first, so every segment exists exactly once.
 */
export async function processJob(
  db: Db,
  job: { id: string; documentId: string },
  vector?: VectorIndex | null,
): Promise<void> {
  const [doc] = await db
    .select({
      id: documents.id,
      knowledgeBaseId: documents.knowledgeBaseId,
      name: documents.name,
      content: documents.content,
      chunkSettings: documents.chunkSettings,
      indexingTechnique: documents.indexingTechnique,
      organizationId: knowledgeBases.organizationId,
    })
    .from(documents)
    .innerJoin(knowledgeBases, eq(knowledgeBases.id, documents.knowledgeBaseId))
    .where(eq(documents.id, job.documentId))
    .limit(1);
  if (!doc) {
    await db.update(ingestionJobs).set({ status: 'done' }).where(eq(ingestionJobs.id, job.id));
    return;
  }
  try {
    const settings = chunkSettingsSchema.parse(doc.chunkSettings ?? {});
    const { chunks, wordCounts, totalWords, headingPaths } = await chunkInWorker(
      doc.content ?? '',
      settings,
      doc.name,
    );
    doc.content = null; // the text is not needed any more: let it go before the writes
    if (chunks.length === 0) throw new Error('The document has no text to index');
    await db.delete(segments).where(eq(segments.documentId, doc.id));
    // The install's embedding key serves only the organizations its shared providers serve.
    const embed =
      doc.indexingTechnique === 'high_quality'
        ? await vectorForOrg(vector, doc.organizationId)
        : null;
    const toEmbed: Array<{ id: string; knowledgeBaseId: string; content: string }> = [];
    for (let i = 0; i < chunks.length; i += segmentBatchSize) {
      await yieldToEventLoop();
      const rows = await db
        .insert(segments)
        .values(
          chunks.slice(i, i + segmentBatchSize).map((content, j) => ({
            documentId: doc.id,
            knowledgeBaseId: doc.knowledgeBaseId,
            position: i + j + 1,
            content,
            headingPath: headingPaths[i + j] ?? '',
            wordCount: wordCounts[i + j]!,
          })),
        )
        .returning({ id: segments.id, knowledgeBaseId: segments.knowledgeBaseId });
      // high_quality: full-text plus embeddings, when an embedding provider and pgvector exist
      // (sent to the provider 64 segments a request).
      if (embed) {
        toEmbed.push(...rows.map((r, j) => ({ ...r, content: chunks[i + j]! })));
        const last = i + segmentBatchSize >= chunks.length;
        if (toEmbed.length >= 64 || last) {
          await storeEmbeddings(db, embed.embedder, toEmbed.splice(0));
        }
      }
    }
    await db.transaction(async (tx) => {
      await tx
        .update(documents)
        .set({ status: 'completed', error: null, wordCount: totalWords, updatedAt: new Date() })
        .where(eq(documents.id, doc.id));
      await tx.update(ingestionJobs).set({ status: 'done' }).where(eq(ingestionJobs.id, job.id));
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // Nothing half-written stays behind a failed document.
    await db.delete(segments).where(eq(segments.documentId, doc.id));
    await db
      .update(documents)
      .set({ status: 'error', error: reason, updatedAt: new Date() })
      .where(eq(documents.id, doc.id));
    await db
      .update(ingestionJobs)
      .set({ status: 'failed', lastError: reason })
      .where(eq(ingestionJobs.id, job.id));
  }
}

/**
 * The embedded database belongs to one process: at its start, any job still 'running' was left
 * by a crash of this server, so it is queued again at once (no need to wait for it to go stale).
 */
export async function requeueOrphanedJobs(db: Db): Promise<number> {
  const rows = await db
    .update(ingestionJobs)
    .set({ status: 'pending', lockedAt: null })
    .where(eq(ingestionJobs.status, 'running'))
    .returning({ id: ingestionJobs.id });
  return rows.length;
}

/**
 * The ingestion queue: one job at a time per process (parsing is on worker threads, the writes
 * are many short statements); a long document's lease is renewed every 10 s, so no other process
 * takes the job as abandoned.
 */
function ingestionQueue(
  db: Db,
  vector: VectorIndex | null | undefined,
  staleSeconds: number,
): Queue<{ id: string; documentId: string }> {
  const table = ingestionTable(staleSeconds);
  return {
    name: 'ingestion_jobs',
    claim: async () => {
      const job = await claimJob(db, staleSeconds);
      return job ? [job] : [];
    },
    run: (job) => processJob(db, job, vector),
    renew: {
      everyMs: Math.min(10_000, (staleSeconds * 1000) / 3),
      leases: (jobs) =>
        renewLeases(
          db,
          table,
          jobs.map((j) => j.id),
        ),
    },
    settled: () => refreshPlannerStats(db, vector),
  };
}

/** Runs every claimable job now; returns how many ran. */
export async function drainJobs(
  db: Db,
  vector?: VectorIndex | null,
  staleSeconds = staleAfterSeconds,
): Promise<number> {
  const queue = ingestionQueue(db, vector, staleSeconds);
  return drain({ ...queue, settled: undefined }, { logger: console });
}

/**
 * Fresh row counts for the planner after new segments: the embedded database has no autovacuum,
 * and without statistics it scans every embedding instead of using the HNSW index (5x slower
 * hybrid retrieval at 10k segments).
 */
export async function refreshPlannerStats(db: Db, vector?: VectorIndex | null): Promise<void> {
  await db.execute(sql`ANALYZE segments`);
  // New passages wait in the full-text index's pending list, which every search reads through
  // until a VACUUM merges it; PGlite has no autovacuum, so merge it here.
  await db.execute(sql`SELECT gin_clean_pending_list('segments_tsv_idx')`);
  if (vector) await db.execute(sql`ANALYZE segment_embeddings`);
}

/**
 * The in-process worker (the job runner): woken after an upload (in this process, or by the
 * NOTIFY of a new job from another), every few seconds (crash recovery); fresh planner statistics
 * once the queue is empty.
 */
export function startIngestionWorker(
  db: Db,
  logger: Logger,
  vector: VectorIndex | null = null,
  { intervalMs = 2000, staleSeconds = staleAfterSeconds } = {},
) {
  const worker = startWorker(ingestionQueue(db, vector, staleSeconds), {
    logger,
    pollMs: intervalMs,
  });
  return {
    name: worker.name,
    kick: () => worker.wake(),
    wake: () => worker.wake(),
    /** Resolves when the queue is empty (tests). */
    idle: () => worker.idle(),
    stop: () => worker.stop(),
  };
}
export type IngestionWorker = ReturnType<typeof startIngestionWorker>;
