import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

export interface RetrievedSegment {
  id: string;
  content: string;
  documentId: string;
  documentName: string;
  score: number;
}

/** Query words → an OR tsquery string ('opening | hours'); punctuation and operators are dropped. */
export function orQuery(query: string): string {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, 32).join(' | ');
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
): Promise<RetrievedSegment[]> {
  const q = orQuery(input.query);
  if (!q || input.knowledgeBaseIds.length === 0) return [];
  const ids = input.knowledgeBaseIds.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (ids.length === 0) return [];
  const result = await db.execute(sql`
    SELECT s.id, s.content, s.document_id, d.name AS document_name,
           ts_rank_cd(s.tsv, to_tsquery('english', ${q})) AS score
    FROM segments s
    JOIN documents d ON d.id = s.document_id
    JOIN knowledge_bases kb ON kb.id = s.knowledge_base_id
    WHERE kb.organization_id = ${input.organizationId}
      AND s.knowledge_base_id IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      AND s.enabled AND d.enabled AND d.status = 'completed'
      AND s.tsv @@ to_tsquery('english', ${q})
    ORDER BY score DESC, s.position ASC
    LIMIT ${input.topK ?? 4}
  `);
  const segments = rowsOf(result).map((r) => ({
    id: String(r.id),
    content: String(r.content),
    documentId: String(r.document_id),
    documentName: String(r.document_name),
    score: Number(r.score),
  }));
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
