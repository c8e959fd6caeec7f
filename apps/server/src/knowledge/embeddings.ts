import { embed, embedMany } from 'ai';
import { createOpenAI } from '@ai-sdk/openai';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** An OpenAI-compatible embedding provider (EMBEDDING_* or the OPENAI_* settings). */
export interface Embedder {
  model: string;
  dimensions: number;
  embedMany(values: string[]): Promise<number[][]>;
  embed(value: string): Promise<number[]>;
}

export function embedderFrom(env: Record<string, string | undefined>): Embedder | null {
  const apiKey = env.EMBEDDING_API_KEY ?? env.OPENAI_API_KEY;
  const baseURL = env.EMBEDDING_BASE_URL ?? env.OPENAI_BASE_URL;
  if (!apiKey && !baseURL) return null;
  const model = env.EMBEDDING_MODEL ?? 'text-embedding-3-small';
  const dimensions = Number(env.EMBEDDING_DIMENSIONS ?? 1536);
  const provider = createOpenAI({ apiKey: apiKey ?? 'not-needed', baseURL });
  const embeddingModel = provider.embedding(model);
  return {
    model,
    dimensions,
    embedMany: async (values) =>
      (await embedMany({ model: embeddingModel, values, maxRetries: 1 })).embeddings,
    embed: async (value) =>
      (await embed({ model: embeddingModel, value, maxRetries: 1 })).embedding,
  };
}

/**
 * Embeddings live in their own table, created at start only where pgvector exists (a PostgreSQL
 * without it keeps working on full-text alone), with an HNSW index for cosine distance.
 */
export async function ensureEmbeddingTable(db: Db, dimensions: number): Promise<void> {
  await db.execute(
    sql.raw(`
    CREATE TABLE IF NOT EXISTS segment_embeddings (
      segment_id uuid PRIMARY KEY REFERENCES segments(id) ON DELETE CASCADE,
      knowledge_base_id uuid NOT NULL,
      embedding vector(${Math.floor(dimensions)}) NOT NULL
    )`),
  );
  await db.execute(
    sql.raw(
      'CREATE INDEX IF NOT EXISTS segment_embeddings_hnsw ON segment_embeddings USING hnsw (embedding vector_cosine_ops)',
    ),
  );
}

export const vectorLiteral = (v: number[]) =>
  `[${v.map((x) => (Number.isFinite(x) ? x : 0)).join(',')}]`;

/** Stores one document's segment embeddings (batches of 64). */
export async function storeEmbeddings(
  db: Db,
  embedder: Embedder,
  rows: Array<{ id: string; knowledgeBaseId: string; content: string }>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += 64) {
    const batch = rows.slice(i, i + 64);
    const vectors = await embedder.embedMany(batch.map((r) => r.content));
    for (const [j, row] of batch.entries()) {
      await db.execute(sql`
        INSERT INTO segment_embeddings (segment_id, knowledge_base_id, embedding)
        VALUES (${row.id}::uuid, ${row.knowledgeBaseId}::uuid, ${vectorLiteral(vectors[j]!)}::vector)
        ON CONFLICT (segment_id) DO UPDATE SET embedding = EXCLUDED.embedding`);
    }
  }
}

/** Reciprocal rank fusion of several ranked id lists (k = 60). */
export function fuseByRank(lists: string[][], k = 60): Map<string, number> {
  const scores = new Map<string, number>();
  for (const list of lists) {
    list.forEach((id, rank) => scores.set(id, (scores.get(id) ?? 0) + 1 / (k + rank + 1)));
  }
  return scores;
}
