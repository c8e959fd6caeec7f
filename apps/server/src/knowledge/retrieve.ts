import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { distinctPassages } from './distinct';
import { fullTextSearch, termsOf, wordsOf } from './retrieveFullText';
import { fuseLists } from './retrieveFusion';
import { inList, type RetrievedSegment } from './retrieveSql';
import { vectorForOrg, vectorSearch, type VectorIndex } from './retrieveVectors';

// Retrieval in small modules: retrieveStats (the bases' own statistics), retrieveFullText (BM25,
// phrase, identifiers, headings), retrieveVectors (pgvector search), retrieveFusion (reciprocal
// rank), retrieveSql (what their statements share); this one runs them for a query.
export { vectorForOrg, type VectorIndex } from './retrieveVectors';
export type { RankedSegment, RetrievalWhy, RetrievedSegment } from './retrieveSql';

// The knowledge feature's part of the server's services (lib/env.ts names no feature).
declare module '../lib/env' {
  interface Services {
    /** Vector search (pgvector + an embedding provider), or null: full-text only. */
    vector: VectorIndex | null;
  }
}

/** Tuning knobs; the defaults are what the product runs (the benchmark compares variants). */
export interface RetrievalOptions {
  /**
   * Passages holding every query word rank before partial matches (default true: on the
   * evaluation corpus it lifts title queries' recall@4 from 0.85 to 0.88; BM25 alone otherwise).
   */
  allWordsFirst?: boolean;
  /** Fusion of the full-text and vector lists for high_quality bases (default 'rrf'). */
  fusion?: 'rrf' | 'none';
  /**
   * The passages' hit counts are written before the answer ('wait', the default: the retrieval
   * test and the API show them at once), or after it without holding it up ('background': the
   * runtime, where they would delay the model's first token); a failed background write goes
   * to `onHitCountError`.
   */
  hitCounts?: 'wait' | 'background';
  /**
   * In the background, the write starts once this settles (the runtime: when the turn's answer
   * has ended). On the embedded database every statement runs on the server's own thread, so a
   * write started at once would run between retrieval and the model call and delay the first
   * token by its whole time. When it resolves to `false` the passages went unused (a turn read
   * ahead that never came) and no hit is counted.
   */
  hitCountsAfter?: Promise<unknown>;
  onHitCountError?: (error: unknown) => void;
  /**
   * Columns read for the caller in retrieval's first statement (the runtime: a conversation's
   * check and history, so they cost no round trip of their own before the model call). `onRow`
   * gets that statement's row, or undefined when retrieval ran no statement (no valid base id, an
   * empty query).
   */
  head?: RetrievalHead;
}

export interface RetrievalHead {
  columns: SQL;
  onRow: (row: Record<string, unknown> | undefined) => void;
}

/**
 * Retrieval shared by the retrieval test, the agent runtime and /v1/datasets/{id}/retrieve: BM25
 * over the enabled, completed documents' enabled segments of the given bases of one organization
 * (fused by rank with vector search on high_quality bases when there is a vector index); top_k 4 by
 * default, single retrieval, no reranking; overlapping neighbours of one document never both in
 * the answer; hit counts incremented.
 */
export async function retrieveSegments(
  db: Db,
  input: { organizationId: string; knowledgeBaseIds: string[]; query: string; topK?: number },
  vector?: VectorIndex | null,
  options: RetrievalOptions = {},
): Promise<RetrievedSegment[]> {
  const topK = input.topK ?? 4;
  const requested = input.knowledgeBaseIds.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (requested.length === 0 || !input.query.trim()) {
    options.head?.onRow(undefined);
    return [];
  }
  // The bases (this organization's only) and the query's words in one round trip.
  const [row] = rowsOf(
    await db.execute(sql`SELECT
      (SELECT coalesce(json_agg(json_build_object('id', id, 'technique', indexing_technique)), '[]')
       FROM knowledge_bases
       WHERE organization_id = ${input.organizationId} AND id IN ${inList(requested)}) AS bases,
      ${wordsOf(input.query)}${options.head ? sql`, ${options.head.columns}` : sql``}`),
  );
  options.head?.onRow(row);
  const bases = (row?.bases ?? []) as Array<{ id: string; technique: string }>;
  const ids = bases.map((r) => String(r.id));
  if (!ids.length) return [];
  const hq = bases.filter((r) => r.technique === 'high_quality').map((r) => String(r.id));
  if (hq.length) vector = await vectorForOrg(vector, input.organizationId);
  const hybrid = Boolean(vector && hq.length && options.fusion !== 'none');
  // Enough spare passages for the overlap filter (and, in hybrid, for the fusion).
  const words = termsOf(row);
  const fullText = await fullTextSearch(
    db,
    ids,
    { ...words, query: input.query },
    hybrid ? 20 : topK * 3,
    options,
  );
  let ranked = fullText;
  if (hybrid && vector) {
    const semantic = await vectorSearch(db, hq, await vector.embedder.embed(input.query), 20);
    ranked = fuseLists(fullText, semantic, options.allWordsFirst !== false);
  }
  const segments = distinctPassages(ranked, topK).map(
    ({ id, content, documentId, documentName, headingPath, score, why }) => ({
      id,
      content,
      documentId,
      documentName,
      headingPath,
      score,
      ...(why ? { why } : {}),
    }),
  );
  if (segments.length) {
    // A hit counter need not wait for its commit to reach the disk (on a PostgreSQL server that
    // flush is most of this statement's time): this one statement's transaction commits
    // asynchronously; a crash may lose the last fraction of a second of counts, nothing else.
    // (`db` is the pool, never an open transaction: there the setting would last to its commit.)
    const count = () =>
      db.execute(sql`
      WITH async AS (SELECT set_config('synchronous_commit', 'off', true) AS v)
      UPDATE segments SET hit_count = hit_count + 1
      WHERE id IN ${inList(segments.map((s) => s.id))} AND (SELECT v FROM async) IS NOT NULL`);
    if (options.hitCounts === 'background') {
      const counted = options.hitCountsAfter
        ? options.hitCountsAfter.then((used) => (used === false ? undefined : count()), count)
        : count();
      void counted.catch((e) => options.onHitCountError?.(e));
    } else await count();
  }
  return segments;
}
