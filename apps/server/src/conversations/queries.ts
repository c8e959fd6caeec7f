import { sql, type SQL } from 'drizzle-orm';
import {
  agentDisplayName,
  type ConversationStatus,
  type ConversationSummary,
  type ThreadMessage,
  type ToolStepWire,
} from '@parley/api-client';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { conversations } from '../db/schema';
import { HttpError } from '../lib/http';
import { requireMembership } from '../lib/tenancy';
import type { ConversationRow } from './takeover';
import { versionOfWire } from '../agents/versions/label';
import { handoffColumns, handoffFromSql } from '../handoff/store';
import { outcomeColumns, outcomeFromSql } from '../outcomes/store';

/** The list's and the export's filters, parsed (api-client `conversationFiltersSchema`). */
export interface Filters {
  agent_id?: string;
  channel?: string;
  status?: ConversationStatus;
  q?: string;
  from?: Date;
  to?: Date;
  /** Outcomes that count as a success ('true', 'pass') or not ('false', 'fail'). */
  success?: string;
  /** Outcomes carrying this tag. */
  tag?: string;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const conversationNotFound = () => new HttpError(404, 'Conversation not found');

/**
 * The conversation `id` if the user is a member of its organization; anything else (another
 * organization's, none, not an id) answers 404 alike.
 */
export async function conversationFor(
  db: Db,
  userId: string,
  id: string,
): Promise<ConversationRow> {
  if (!uuidPattern.test(id)) throw conversationNotFound();
  const [row] = await db
    .select()
    .from(conversations)
    .where(sql`${conversations.id} = ${id}`)
    .limit(1);
  if (!row) throw conversationNotFound();
  await requireMembership(db, userId, row.organizationId).catch(() => {
    throw conversationNotFound();
  });
  return row;
}

/** A conversation waits for a person: its open request nobody has taken (ho: that request). */
const waiting = sql`(h.conversation_id IS NULL AND ho.id IS NOT NULL AND ho.taken_at IS NULL)`;

/**
 * The WHERE conditions of the filters over `conversations c` (h: its hold, ho: its open request
 * for a person). A status is one of: held, needs_human (waiting for a person), ended, open.
 */
export function filterConditions(orgId: string, f: Filters): SQL {
  const parts: SQL[] = [sql`c.organization_id = ${orgId}`];
  if (f.agent_id) parts.push(sql`c.agent_name = ${f.agent_id}`);
  if (f.channel) parts.push(sql`c.channel = ${f.channel}`);
  if (f.status === 'held') parts.push(sql`h.conversation_id IS NOT NULL`);
  if (f.status === 'needs_human') parts.push(waiting);
  if (f.status === 'open')
    parts.push(sql`h.conversation_id IS NULL AND NOT ${waiting} AND c.ended_at IS NULL`);
  if (f.status === 'ended')
    parts.push(sql`h.conversation_id IS NULL AND NOT ${waiting} AND c.ended_at IS NOT NULL`);
  // Active within the range: last activity after `from`, started before `to`.
  if (f.from) parts.push(sql`c.updated_at >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) parts.push(sql`c.created_at <= ${f.to.toISOString()}::timestamptz`);
  if (f.success)
    parts.push(sql`EXISTS (SELECT 1 FROM conversation_analyses fs WHERE fs.conversation_id = c.id
      AND fs.success_passed = ${f.success === 'true' || f.success === 'pass'})`);
  if (f.tag)
    parts.push(sql`EXISTS (SELECT 1 FROM conversation_analyses ft WHERE ft.conversation_id = c.id
      AND ${f.tag} = ANY (ft.tags))`);
  if (f.q)
    parts.push(sql`c.id IN (SELECT mq.conversation_id FROM messages mq
      WHERE to_tsvector('simple', mq.content) @@ websearch_to_tsquery('simple', ${f.q}))`);
  return sql.join(parts, sql` AND `);
}

/** A page's position: the last row's activity (µs since the epoch, exact) and id. */
export function encodeCursor(updatedUs: string, id: string): string {
  return Buffer.from(`${updatedUs}|${id}`).toString('base64url');
}

export function decodeCursor(cursor: string): { us: string; id: string } {
  const [us, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!us || !/^\d{1,17}$/.test(us) || !id || !uuidPattern.test(id))
    throw new HttpError(400, 'cursor: is not a cursor this list gave', {
      issues: [{ field: 'cursor', message: 'is not a cursor this list gave' }],
    });
  return { us, id };
}

const cursorCondition = (cursor?: string) => {
  if (!cursor) return sql`true`;
  const { us, id } = decodeCursor(cursor);
  return sql`(c.updated_at, c.id) < (timestamptz 'epoch' + ${us}::bigint * interval '1 microsecond', ${id}::uuid)`;
};

const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();
const authorOf = (author: unknown, role: unknown) =>
  (author ?? (role === 'user' ? 'visitor' : 'agent')) as ThreadMessage['author'];

function summaryOf(r: Record<string, unknown>): ConversationSummary {
  const held = r.held_user_id
    ? { user_id: String(r.held_user_id), name: String(r.held_user_name), since: iso(r.held_at) }
    : null;
  const handoff = handoffFromSql(r);
  return {
    id: String(r.id),
    organization_id: String(r.organization_id),
    agent_id: (r.agent_name as string | null) ?? null,
    // The agent's display name (its name, else its id without the UUID), as the console shows it.
    agent_name: r.agent_name
      ? agentDisplayName({ id: String(r.agent_name), name: r.agent_display as string | null })
      : null,
    channel: r.channel as ConversationSummary['channel'],
    end_user: String(r.end_user),
    agent_address: (r.agent_address as string | null) ?? null,
    status: held
      ? 'held'
      : handoff && !handoff.taken_at
        ? 'needs_human'
        : r.ended_at
          ? 'ended'
          : 'open',
    held_by: held,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    message_count: Number(r.message_count ?? 0),
    last_message:
      r.last_at == null
        ? null
        : {
            author: authorOf(r.last_author, r.last_role),
            text: String(r.last_text ?? ''),
            created_at: iso(r.last_at),
          },
    unread: Boolean(r.unread),
    handoff,
    outcome: outcomeFromSql(r),
  };
}

/** The columns of a summary row over `conversations c` with its hold `h` and the reader's mark `r`. */
const summaryColumns = sql`c.id, c.organization_id, c.agent_name, c.channel, c.end_user,
  c.agent_address, c.ended_at, c.created_at, c.updated_at, c.ended_by, c.end_reason,
  (extract(epoch from c.updated_at) * 1000000)::bigint::text AS cursor_us,
  a.name AS agent_display, h.user_id AS held_user_id, h.user_name AS held_user_name, h.held_at,
  lm.author AS last_author, lm.role AS last_role, lm.content AS last_text, lm.created_at AS last_at,
  (SELECT count(*) FROM messages mc WHERE mc.conversation_id = c.id) AS message_count,
  ${handoffColumns}, ${outcomeColumns},
  EXISTS (SELECT 1 FROM messages mu WHERE mu.conversation_id = c.id AND mu.role = 'user'
    AND mu.created_at > coalesce(r.seen_at, '-infinity'::timestamptz)) AS unread`;

const summaryJoins = (userId: string) => sql`
  LEFT JOIN agents a ON a.agent_name = c.agent_name
  LEFT JOIN conversation_holds h ON h.conversation_id = c.id
  LEFT JOIN handoffs ho ON ho.conversation_id = c.id AND ho.closed_at IS NULL
  LEFT JOIN conversation_reads r ON r.conversation_id = c.id AND r.user_id = ${userId}
  LEFT JOIN conversation_analyses ca ON ca.conversation_id = c.id
  LEFT JOIN LATERAL (SELECT m.author, m.role, m.content, m.created_at FROM messages m
    WHERE m.conversation_id = c.id ORDER BY m.created_at DESC LIMIT 1) lm ON true`;

/** One page of the organization's conversations, newest activity first. */
export async function listConversations(
  db: Db,
  input: { orgId: string; userId: string; filters: Filters; cursor?: string; limit: number },
): Promise<{ conversations: ConversationSummary[]; next_cursor: string | null }> {
  const rows = rowsOf(
    await db.execute(sql`SELECT ${summaryColumns}
      FROM conversations c ${summaryJoins(input.userId)}
      WHERE ${filterConditions(input.orgId, input.filters)} AND ${cursorCondition(input.cursor)}
      ORDER BY c.updated_at DESC, c.id DESC
      LIMIT ${input.limit + 1}`),
  );
  const page = rows.slice(0, input.limit);
  const last = page[page.length - 1];
  return {
    conversations: page.map(summaryOf),
    next_cursor:
      rows.length > input.limit && last
        ? encodeCursor(String(last.cursor_us), String(last.id))
        : null,
  };
}

/** The waiting list shows this many at most (the longest waiting). */
export const waitingLimit = 200;

/**
 * The conversations waiting for a person now, the longest waiting first, and how many there are:
 * read from the requests' own index (the organization's open requests nobody has taken).
 */
export async function waitingConversations(
  db: Db,
  input: { orgId: string; userId: string },
): Promise<{ count: number; conversations: ConversationSummary[] }> {
  const rows = rowsOf(
    await db.execute(sql`SELECT ${summaryColumns}, count(*) OVER () AS waiting_count
      FROM conversations c ${summaryJoins(input.userId)}
      WHERE c.id IN (SELECT w.conversation_id FROM handoffs w
          WHERE w.organization_id = ${input.orgId} AND w.taken_at IS NULL AND w.closed_at IS NULL)
        AND c.organization_id = ${input.orgId} AND ${waiting}
      ORDER BY ho.requested_at ASC, c.id
      LIMIT ${waitingLimit}`),
  );
  return {
    count: rows.length ? Number(rows[0]!.waiting_count) : 0,
    conversations: rows.map(summaryOf),
  };
}

/** How many messages a thread shows (the newest). */
export const threadLimit = 2000;

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** What the storage mode kept (privacy/storage.ts writes `metadata.privacy`). */
function storedAs(value: unknown): Pick<ThreadMessage, 'privacy'> {
  const p = value as { mode?: unknown; length?: unknown } | undefined;
  if (p?.mode !== 'redacted' && p?.mode !== 'metadata_only') return {};
  return {
    privacy: { mode: p.mode, ...(typeof p.length === 'number' ? { length: p.length } : {}) },
  };
}

export function threadMessageOf(m: {
  id: string;
  role: string;
  author: string | null;
  content: string;
  createdAt: Date | string;
  offline: boolean;
  error: string | null;
  status: string | null;
  metadata: Record<string, unknown>;
  toolSteps?: unknown;
  agentVersion?: string | null;
}): ThreadMessage {
  const meta = m.metadata ?? {};
  const passages = Array.isArray(meta.passages)
    ? (meta.passages as Array<Record<string, unknown>>)
    : [];
  return {
    id: m.id,
    author: authorOf(m.author, m.role),
    member_name: typeof meta.member_name === 'string' ? meta.member_name : null,
    text: m.content,
    ...storedAs(meta.privacy),
    created_at: iso(m.createdAt),
    offline: m.offline,
    error: m.error,
    delivery_status: m.status,
    latency_ms: num(meta.latency_ms),
    llm_ttft_ms: num(meta.llm_ttft_ms),
    email_subject: typeof meta.subject === 'string' ? meta.subject : null,
    passages: passages.map((p) => ({
      source: typeof p.source === 'string' ? p.source : null,
      excerpt: String(p.excerpt ?? ''),
    })),
    ...toolStepsField(m.toolSteps),
    ...versionField(m.agentVersion),
  };
}

/** `agent_version` of an agent answer (absent when it was written before versions). */
function versionField(stored: string | null | undefined): { agent_version?: number | 'draft' } {
  const version = versionOfWire(stored);
  return version === null ? {} : { agent_version: version };
}

/** `tool_steps` of an answer that called tools (absent otherwise); stored as jsonb. */
export function toolStepsField(stored: unknown): { tool_steps?: ToolStepWire[] } {
  const steps = typeof stored === 'string' ? (JSON.parse(stored) as unknown) : stored;
  return Array.isArray(steps) && steps.length ? { tool_steps: steps as ToolStepWire[] } : {};
}

/** The thread: the conversation's summary, what the call adds, and its messages oldest first. */
export async function conversationDetail(db: Db, conv: ConversationRow, userId: string) {
  const [row] = rowsOf(
    await db.execute(sql`SELECT ${summaryColumns}
      FROM conversations c ${summaryJoins(userId)} WHERE c.id = ${conv.id}`),
  );
  const lines = rowsOf(
    await db.execute(sql`SELECT * FROM (SELECT id, role, author, content, created_at, offline, error,
        status, metadata, tool_steps, agent_version FROM messages WHERE conversation_id = ${conv.id}
        ORDER BY created_at DESC LIMIT ${threadLimit}) t ORDER BY created_at ASC`),
  );
  // Opened: nothing before now is unread for this member.
  await db.execute(sql`INSERT INTO conversation_reads (user_id, conversation_id, seen_at)
    VALUES (${userId}, ${conv.id}, now())
    ON CONFLICT (user_id, conversation_id) DO UPDATE SET seen_at = now()`);
  const summary = summaryOf(row!);
  return {
    ...summary,
    unread: false,
    call:
      conv.channel === 'voice'
        ? {
            duration_s: conv.endedAt
              ? Math.round((conv.endedAt.getTime() - conv.createdAt.getTime()) / 1000)
              : null,
            ended_by: conv.endedBy,
            end_reason: conv.endReason,
          }
        : null,
    messages: lines.map((m) =>
      threadMessageOf({
        id: String(m.id),
        role: String(m.role),
        author: (m.author as string | null) ?? null,
        content: String(m.content),
        createdAt: m.created_at as Date | string,
        offline: Boolean(m.offline),
        error: (m.error as string | null) ?? null,
        status: (m.status as string | null) ?? null,
        metadata:
          typeof m.metadata === 'string'
            ? (JSON.parse(m.metadata) as Record<string, unknown>)
            : ((m.metadata as Record<string, unknown>) ?? {}),
        toolSteps: m.tool_steps,
        agentVersion: (m.agent_version as string | null) ?? null,
      }),
    ),
  };
}
