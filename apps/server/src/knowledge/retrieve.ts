import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { fuseByRank, vectorLiteral, type Embedder } from './embeddings';

/** Vector search is on when pgvector and an embedding provider are both there. */
export interface VectorIndex {
  embedder: Embedder;
}

export interface RetrievedSegment {
  id: string;
  content: string;
  documentId: string;
  documentName: string;
  score: number;
}

/** The query's words, lower-cased and de-duplicated (at most 32); punctuation and operators dropped. */
function queryWords(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, 32);
}

/** Query words → an OR tsquery string ('opening | hours'). */
export function orQuery(query: string): string {
  return queryWords(query).join(' | ');
}

/** Query words → an AND tsquery string ('opening & hours'). */
export function andQuery(query: string): string {
  return queryWords(query).join(' & ');
}

const rowsOf = (result: unknown): Array<Record<string, unknown>> =>
  Array.isArray(result)
    ? result
    : ((result as { rows?: Array<Record<string, unknown>> }).rows ?? []);

/**
 * Retrieval shared by the retrieval test and the agent runtime: full-text rank over the enabled,
 * completed documents' enabled segments of the given bases of one organization; top_k 4 by
 * default, single retrieval, no reranking; hit counts incremented.
 */
export async function retrieveSegments(
  db: Db,
  input: { organizationId: string; knowledgeBaseIds: string[]; query: string; topK?: number },
  vector?: VectorIndex | null,
): Promise<RetrievedSegment[]> {
  const topK = input.topK ?? 4;
  const ids = input.knowledgeBaseIds.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (ids.length === 0 || !input.query.trim()) return [];
  const fullText = await fullTextSearch(
    db,
    input.organizationId,
    ids,
    input.query,
    vector ? 20 : topK,
  );
  let segments = fullText;
  if (vector) {
    const hq = rowsOf(
      await db.execute(sql`SELECT id FROM knowledge_bases WHERE indexing_technique = 'high_quality'
        AND id IN (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`),
    ).map((r) => String(r.id));
    if (hq.length) {
      const semantic = await vectorSearch(
        db,
        input.organizationId,
        hq,
        await vector.embedder.embed(input.query),
        20,
      );
      const fused = fuseByRank([fullText.map((s) => s.id), semantic.map((s) => s.id)]);
      const byId = new Map([...semantic, ...fullText].map((s) => [s.id, s]));
      segments = [...fused.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, topK)
        .map(([id, score]) => ({ ...byId.get(id)!, score }));
    }
  }
  segments = segments.slice(0, topK);
  if (segments.length) {
    await db.execute(
      sql`UPDATE segments SET hit_count = hit_count + 1 WHERE id IN (${sql.join(
        segments.map((s) => sql`${s.id}::uuid`),
        sql`, `,
      )})`,
    );
  }
  return segments;
}

const toSegments = (result: unknown): RetrievedSegment[] =>
  rowsOf(result).map((r) => ({
    id: String(r.id),
    content: String(r.content),
    documentId: String(r.document_id),
    documentName: String(r.document_name),
    score: Number(r.score),
  }));

async function vectorSearch(
  db: Db,
  organizationId: string,
  ids: string[],
  embedding: number[],
  limit: number,
) {
  return toSegments(
    await db.execute(sql`
      SELECT s.id, s.content, s.document_id, d.name AS document_name,
             1 - (e.embedding <=> ${vectorLiteral(embedding)}::vector) AS score
      FROM segment_embeddings e
      JOIN segments s ON s.id = e.segment_id
      JOIN documents d ON d.id = s.document_id
      JOIN knowledge_bases kb ON kb.id = s.knowledge_base_id
      WHERE kb.organization_id = ${organizationId}
        AND e.knowledge_base_id IN (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        AND s.enabled AND d.enabled AND d.status = 'completed'
      ORDER BY e.embedding <=> ${vectorLiteral(embedding)}::vector
      LIMIT ${limit}`),
  );
}

/**
 * Full-text rank: passages holding every query word come first. They are looked up alone first
 * (few rows, cheap); only when they are fewer than `limit` are all passages holding some of the
 * words ranked — every-word ones still first — as ranking every partial match of a large base is
 * what costs (≈0.5 s at 100k segments).
 */
async function fullTextSearch(
  db: Db,
  organizationId: string,
  ids: string[],
  query: string,
  limit: number,
) {
  const or = orQuery(query);
  if (!or) return [];
  const and = andQuery(query);
  const all = await rankedMatches(db, organizationId, ids, { match: and, first: and }, limit);
  if (all.length >= limit || and === or) return all;
  return rankedMatches(db, organizationId, ids, { match: or, first: and }, limit);
}

async function rankedMatches(
  db: Db,
  organizationId: string,
  ids: string[],
  tsquery: { match: string; first: string },
  limit: number,
) {
  const result = await db.execute(sql`
    SELECT s.id, s.content, s.document_id, d.name AS document_name,
           ts_rank_cd(s.tsv, to_tsquery('english', ${tsquery.match})) AS score
    FROM segments s
    JOIN documents d ON d.id = s.document_id
    JOIN knowledge_bases kb ON kb.id = s.knowledge_base_id
    WHERE kb.organization_id = ${organizationId}
      AND s.knowledge_base_id IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      AND s.enabled AND d.enabled AND d.status = 'completed'
      AND s.tsv @@ to_tsquery('english', ${tsquery.match})
    ORDER BY s.tsv @@ to_tsquery('english', ${tsquery.first}) DESC, score DESC, s.position ASC
    LIMIT ${limit}
  `);
  return toSegments(result);
}
