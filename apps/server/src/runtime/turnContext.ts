import { and, eq, ne, sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import { conversations, messages } from '../db/schema';
import { HttpError } from '../lib/http';
import type { Passage } from './offline';
import type { AgentRow } from './agentKeys';
import type { RuntimeDeps } from './chat';

/**
 * What a turn reads before the model call (chat.ts's startTurn): the conversation's check, its
 * history and retrieval, in one round trip; and the turns still being stored on this process.
 */

const historyLimit = 20;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const conversationNotFound = () =>
  new HttpError(404, 'Conversation Not Exists.', { code: 'not_found' });

export type HistoryRow = { role: string; content: string };

/** Turns still being stored, by conversation (this process). */
const pendingWrites = new Map<string, Promise<void>>();

/**
 * Resolves once the conversation's last turn on this process is stored (turns are written in
 * batches after the answer ends): a call that names that turn's message waits for it.
 */
export function turnStored(conversationId: string): Promise<void> {
  return pendingWrites.get(conversationId) ?? Promise.resolve();
}

/** The conversation `id` of this agent's visitor `user`: never another agent's, organization's or visitor's. */
export function ownConversationWhere(
  agent: Pick<AgentRow, 'agentName' | 'organizationId'>,
  id: string,
  user: string,
) {
  return and(
    eq(conversations.id, id),
    eq(conversations.agentName, agent.agentName),
    eq(conversations.organizationId, agent.organizationId),
    eq(conversations.endUser, user),
  );
}

/** Resolves once every turn being stored on this process is (for reads across conversations). */
export async function turnsStored(): Promise<void> {
  await Promise.all(pendingWrites.values());
}

/** What a turn of an existing conversation needs before the model call. */
export interface TurnContext {
  /** The latest `historyLimit` messages, oldest first. */
  history: HistoryRow[];
  passages: Passage[];
}

/**
 * A turn's context read ahead of the turn (the voice worker's caller turns: read while the
 * framework still waits for the end of the caller's turn, see voice/preparedTurns.ts).
 */
export interface PreparedContext {
  context: TurnContext;
  /** The turn that used it answered (true); the preparation's bookkeeping may run. */
  settle: (used: boolean) => void;
}

/**
 * The check that `conversationId` is this agent's and this user's conversation (404 otherwise,
 * unless the caller checked it: `conversationChecked`), its history and the retrieval for
 * `query`, in one round trip when there is retrieval (the history is read in retrieval's first
 * statement). `turn.answered` settles when the turn's answer has ended (the passages' hit counts
 * wait for it; `false`: the context went unused, and none are written).
 */
export async function readTurnContext(
  deps: RuntimeDeps,
  agent: AgentRow,
  input: {
    query: string;
    user: string;
    conversationId: string;
    inboundMessageId?: string;
    conversationChecked?: boolean;
  },
  turn: { answered: Promise<boolean> },
): Promise<TurnContext> {
  const id = input.conversationId;
  await turnStored(id);
  // Not an id of ours: no conversation to find (and nothing for the database to refuse).
  if (!uuidPattern.test(id)) throw conversationNotFound();
  const recentWhere = and(
    eq(messages.conversationId, id),
    input.inboundMessageId ? ne(messages.id, input.inboundMessageId) : undefined,
    // Messages stored without their text (storage mode metadata_only) are no history.
    ne(messages.content, ''),
  );
  const columns = sql`${
    input.conversationChecked
      ? sql`true`
      : sql`EXISTS (SELECT 1 FROM ${conversations}
          WHERE ${ownConversationWhere(agent, id, input.user)})`
  } AS conversation_found,
    (SELECT json_agg(json_build_object('role', r.role, 'content', r.content) ORDER BY r.n DESC)
      FROM (SELECT ${messages.role} AS role, ${messages.content} AS content,
        row_number() OVER (ORDER BY ${messages.createdAt} DESC) AS n
        FROM ${messages} WHERE ${recentWhere}) r
      WHERE r.n <= ${historyLimit}) AS history`;
  let head: Record<string, unknown> | undefined;
  const passages =
    deps.retrieve && agent.knowledgeBaseIds.length
      ? await deps.retrieve(agent, input.query, turn, { columns, onRow: (row) => (head = row) })
      : [];
  head ??= rowsOf(await deps.db.execute(sql`SELECT ${columns}`))[0];
  if (!head?.conversation_found) throw conversationNotFound();
  return { history: (head.history as HistoryRow[] | null) ?? [], passages };
}

/** Keep `persisted` as the conversation's turn being stored until it settles (startTurn). */
export function trackTurnWrite(conversationId: string, persisted: Promise<void>) {
  pendingWrites.set(conversationId, persisted);
  void persisted.then(() => {
    if (pendingWrites.get(conversationId) === persisted) pendingWrites.delete(conversationId);
  });
}
