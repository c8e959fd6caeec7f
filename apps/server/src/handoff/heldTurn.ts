import type { Context } from 'hono';
import { sql } from 'drizzle-orm';
import { personReplyingNotice } from '@parley/api-client';
import { conversations } from '../db/schema';
import type { Db } from '../db/client';
import type { AgentRow } from '../runtime/agentKeys';
import { ownConversationWhere, turnStored } from '../runtime/chat';
import { eventStreamHeaders, sseEvent } from '../runtime/eventStream';
import { agentPaused, storeHeldVisitorMessage } from '../conversations/takeover';
import { waitingAck, waitingSql } from './waiting';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `/v1/chat-messages` in a conversation a member holds: the visitor's message is stored and the
 * answer carries no agent reply, only the notice that a person is replying (`human_takeover`).
 * In one that waits for a person (a request nobody has taken yet) the same, with a brief
 * acknowledgement by the business hours now (`human_handoff`). Null when neither (or not this
 * visitor's): the agent answers as usual.
 */
export async function answerWhileHeld(
  c: Context,
  db: Db,
  agent: AgentRow,
  body: { query: string; user: string; conversation_id?: string; response_mode?: string },
  now: Date = new Date(),
): Promise<Response | null> {
  const id = body.conversation_id;
  if (!id || !uuidPattern.test(id)) return null;
  await turnStored(id);
  const [state] = await db
    .select({
      held: sql<boolean>`EXISTS (SELECT 1 FROM conversation_holds h
        WHERE h.conversation_id = ${conversations.id})`,
      waiting: sql<boolean>`${waitingSql(conversations.id)}`,
    })
    .from(conversations)
    .where(ownConversationWhere(agent, id, body.user))
    .limit(1);
  if (!state || (!state.held && !state.waiting)) return null;
  const notice = state.held
    ? personReplyingNotice
    : await waitingAck(db, agent.organizationId, now);
  const stored = await storeHeldVisitorMessage(db, id, body.query);
  const ids = {
    task_id: crypto.randomUUID(),
    id: stored.id,
    message_id: stored.id,
    conversation_id: id,
  };
  const createdAt = Math.floor(stored.createdAt.getTime() / 1000);
  const metadata = {
    human_takeover: Boolean(state.held),
    ...(state.held ? {} : { human_handoff: true }),
    retriever_resources: [],
    offline: false,
  };
  if (body.response_mode === 'blocking')
    return c.json({
      event: 'message',
      ...ids,
      mode: 'chat',
      answer: notice,
      metadata,
      created_at: createdAt,
    });
  const chunks = [
    sseEvent({ event: 'message', ...ids, answer: notice, created_at: createdAt }),
    sseEvent({ event: 'message_end', ...ids, metadata, created_at: createdAt }),
  ];
  return c.body(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    }),
    200,
    eventStreamHeaders,
  );
}

/**
 * A caller's turn (`/voice/internal/calls/{id}/chat`) while a member holds the call: the caller's
 * words are stored as the visitor's message (after the call's earlier turns are written, so the
 * thread keeps its order) and the agent does not answer. Null when the call is not held.
 * `paused` is the hold check, started by the caller alongside its other reads.
 */
export async function takeCallMessageWhileHeld(
  db: Db,
  conversationId: string,
  query: string,
  paused: Promise<boolean> = agentPaused(db, conversationId),
): Promise<{ messageId: string } | null> {
  if (!(await paused)) return null;
  await turnStored(conversationId);
  const stored = await storeHeldVisitorMessage(db, conversationId, query);
  return { messageId: stored.id };
}
