import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { filterConditions, type Filters } from './queries';

/** The export's columns, one row per message (the conversation's fields repeated). */
export const exportColumns = [
  'conversation_id',
  'agent_id',
  'channel',
  'end_user',
  'status',
  'message_id',
  'author',
  'member_name',
  'text',
  'created_at',
  // The conversation's outcome (docs/outcomes.md), repeated on each of its rows.
  'outcome_status',
  'outcome_summary',
  'outcome_success',
  'outcome_tags',
  'outcome_fields',
] as const;
type ExportColumn = (typeof exportColumns)[number];
/** One row: text columns, and the outcome's fields as an object (JSON in a CSV cell). */
type ExportRow = Record<Exclude<ExportColumn, 'outcome_fields'>, string> & {
  outcome_fields: Record<string, unknown> | null;
};

/** A row's CSV cells in the columns' order. */
export const csvValues = (row: ExportRow): string[] =>
  exportColumns.map((k) => {
    const v = row[k];
    return v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v);
  });

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; a field a
 * spreadsheet would run as a formula (= + - @ tab CR first) is prefixed with an apostrophe.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLine = (values: readonly string[]) => `${values.map(csvField).join(',')}\r\n`;

const json = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

/** The outcome's columns of a conversation's export rows (empty when it has none). */
function outcomeCells(c: Record<string, unknown>) {
  const success = json(c.o_success) as { value?: unknown } | null;
  return {
    outcome_status: (c.o_status as string | null) ?? '',
    outcome_summary: (c.o_summary as string | null) ?? '',
    outcome_success:
      success && success.value !== null && success.value !== undefined ? String(success.value) : '',
    outcome_tags: ((c.o_tags as string[] | null) ?? []).join(';'),
    outcome_fields: c.o_status ? ((json(c.o_fields) as Record<string, unknown>) ?? {}) : null,
  };
}

/** Conversations read per statement: memory stays bounded whatever the export's size. */
export const exportBatch = 200;

/**
 * The export's rows in batches of conversations (newest activity first, keyset paging, so each
 * statement reads one batch): the caller writes each batch out before the next is read.
 */
export async function* exportRows(
  db: Db,
  orgId: string,
  filters: Filters,
): AsyncGenerator<ExportRow[], void, void> {
  let cursor: { us: string; id: string } | null = null;
  for (;;) {
    const after: ReturnType<typeof sql> = cursor
      ? sql`(c.updated_at, c.id) < (timestamptz 'epoch' + ${cursor.us}::bigint * interval '1 microsecond', ${cursor.id}::uuid)`
      : sql`true`;
    const convs = rowsOf(
      await db.execute(sql`SELECT c.id, c.agent_name, c.channel, c.end_user, c.ended_at,
          h.conversation_id AS held, ho.id IS NOT NULL AND ho.taken_at IS NULL AS waiting,
          ca.status AS o_status, ca.summary AS o_summary, ca.success AS o_success,
          ca.tags AS o_tags, ca.fields AS o_fields,
          (extract(epoch from c.updated_at) * 1000000)::bigint::text AS cursor_us
        FROM conversations c LEFT JOIN conversation_holds h ON h.conversation_id = c.id
          LEFT JOIN handoffs ho ON ho.conversation_id = c.id AND ho.closed_at IS NULL
          LEFT JOIN conversation_analyses ca ON ca.conversation_id = c.id
        WHERE ${filterConditions(orgId, filters)} AND ${after}
        ORDER BY c.updated_at DESC, c.id DESC LIMIT ${exportBatch}`),
    );
    if (!convs.length) return;
    const ids = convs.map((c) => String(c.id));
    const msgs = rowsOf(
      await db.execute(sql`SELECT id, conversation_id, role, author, content, created_at,
          metadata->>'member_name' AS member_name
        FROM messages
        WHERE conversation_id IN (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        ORDER BY conversation_id, created_at`),
    );
    const byConv = new Map<string, typeof msgs>();
    for (const m of msgs) {
      const key = String(m.conversation_id);
      const list = byConv.get(key) ?? [];
      list.push(m);
      byConv.set(key, list);
    }
    const out: ExportRow[] = [];
    for (const c of convs) {
      const outcome = outcomeCells(c);
      for (const m of byConv.get(String(c.id)) ?? [])
        out.push({
          conversation_id: String(c.id),
          agent_id: (c.agent_name as string | null) ?? '',
          channel: String(c.channel),
          end_user: String(c.end_user),
          status: c.held ? 'held' : c.waiting ? 'needs_human' : c.ended_at ? 'ended' : 'open',
          message_id: String(m.id),
          author: String(m.author ?? (m.role === 'user' ? 'visitor' : 'agent')),
          member_name: (m.member_name as string | null) ?? '',
          text: String(m.content),
          created_at: new Date(m.created_at as string).toISOString(),
          ...outcome,
        });
    }
    yield out;
    const last = convs[convs.length - 1]!;
    cursor = { us: String(last.cursor_us), id: String(last.id) };
    if (convs.length < exportBatch) return;
  }
}
