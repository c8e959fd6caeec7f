import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { vectorLiteral, type Embedder } from './embeddings';
import { inList, toSegments } from './retrieveSql';

/** Vector search is on when pgvector and an embedding provider are both there. */
export interface VectorIndex {
  embedder: Embedder;
  /**
   * Whether the embedding provider may serve this organization: the install's embedding key is a
   * shared provider resource (lib/sharedProviders), lent only to the organizations it serves.
   * Absent: every organization.
   */
  servesOrg?: (organizationId: string) => Promise<boolean>;
}

/** The vector index as one organization may use it: null (full-text only) when not served. */
export async function vectorForOrg(
  vector: VectorIndex | null | undefined,
  organizationId: string,
): Promise<VectorIndex | null> {
  if (!vector) return null;
  if (!vector.servesOrg) return vector;
  return (await vector.servesOrg(organizationId)) ? vector : null;
}

/** The `limit` passages of the bases nearest to the query's embedding (cosine distance). */
export async function vectorSearch(db: Db, ids: string[], embedding: number[], limit: number) {
  return toSegments(
    await db.execute(sql`
      SELECT s.id, s.content, s.document_id, s.position, s.heading_path, d.name AS document_name,
             1 - (e.embedding <=> ${vectorLiteral(embedding)}::vector) AS score
      FROM segment_embeddings e
      JOIN segments s ON s.id = e.segment_id
      JOIN documents d ON d.id = s.document_id
      WHERE e.knowledge_base_id IN ${inList(ids)}
        AND s.enabled AND d.enabled AND d.status = 'completed'
      ORDER BY e.embedding <=> ${vectorLiteral(embedding)}::vector
      LIMIT ${limit}`),
  );
}
