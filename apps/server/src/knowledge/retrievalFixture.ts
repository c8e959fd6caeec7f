import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { wordCount } from './chunking';

const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;

/**
 * An organization with one knowledge base, written straight to the database (for retrieval tests
 * and the retrieval benchmark, which need exact segments rather than the chunker's).
 */
export async function createBase(db: Db, technique: 'economy' | 'high_quality' = 'economy') {
  const organizationId = randomUUID();
  await db.execute(sql`INSERT INTO organization (id, name, slug)
    VALUES (${organizationId}, 'Retrieval', ${`retrieval-${organizationId}`})`);
  const kb = rowsOf(
    await db.execute(sql`
      INSERT INTO knowledge_bases (organization_id, created_by, name, indexing_technique, chunk_settings)
      VALUES (${organizationId}, 'test', 'Retrieval', ${technique}, '{}'::jsonb) RETURNING id`),
  )[0]!;
  const knowledgeBaseId = String(kb.id);

  /** One completed document whose segments are `passages`, in order (positions 1..n). */
  async function addDocument(
    name: string,
    passages: Array<string | { content: string; headingPath?: string }>,
  ) {
    const doc = rowsOf(
      await db.execute(sql`
        INSERT INTO documents (knowledge_base_id, organization_id, name, source_type, content, status, indexing_technique, chunk_settings)
        VALUES (${knowledgeBaseId}::uuid, ${organizationId}, ${name}, 'text', '', 'completed', ${technique}, '{}'::jsonb)
        RETURNING id`),
    )[0]!;
    const documentId = String(doc.id);
    const ids: string[] = [];
    for (let offset = 0; offset < passages.length; offset += 2000) {
      const batch = passages.slice(offset, offset + 2000).map((p, i) => {
        const c = typeof p === 'string' ? p : p.content;
        const h = typeof p === 'string' ? '' : (p.headingPath ?? '');
        return { n: offset + i + 1, c, h, w: wordCount(c) };
      });
      const rows = rowsOf(
        await db.execute(sql`
          INSERT INTO segments (document_id, knowledge_base_id, position, content, heading_path, word_count)
          SELECT ${documentId}::uuid, ${knowledgeBaseId}::uuid, t.n, t.c, t.h, t.w
          FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS t(n int, c text, h text, w int)
          ORDER BY t.n
          RETURNING id, position`),
      );
      rows.sort((a, b) => Number(a.position) - Number(b.position));
      ids.push(...rows.map((r) => String(r.id)));
    }
    return { documentId, segmentIds: ids };
  }

  return { organizationId, knowledgeBaseId, addDocument };
}
