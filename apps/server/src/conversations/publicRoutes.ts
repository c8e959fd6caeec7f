import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import type { ConversationEvent } from '@parley/api-client';
import { conversations, messages } from '../db/schema';
import type { Services } from '../lib/env';
import { check, HttpError } from '../lib/http';
import { assertOriginAllowed } from '../lib/publicAccess';
import { agentForKey, ownConversationWhere, turnStored } from '../runtime/chat';
import { bearer } from '../runtime/difyRoutes';
import { conversationBusOf, type LiveEvent } from './live';
import { heldBy } from './takeover';
import { LiveSubscription } from './liveSubscription';

const userSchema = z
  .string({ error: 'user is required' })
  .trim()
  .min(1, 'user is required')
  .max(200, 'user must be at most 200 characters');
const idSchema = z.uuid({ error: 'must be a conversation id' });

/** A comment line every so often keeps proxies from closing an idle stream (no data is polled). */
export const keepAliveMs = 25_000;

/**
 * The public runtime's live events of one conversation (under /v1, the agent's key as bearer,
 * the visitor's `user`): a member's reply, takeover and release, as server-sent events. An open
 * widget or public page shows a member's reply the moment it is sent; nothing is polled.
 */
export function conversationEventRoutes(services: Services) {
  const { db } = services;
  const app = new Hono();

  app.get('/conversations/:id/events', async (c) => {
    const agent = await agentForKey(db, bearer(c.req.header('Authorization')));
    assertOriginAllowed(c.req.header('Origin'), agent.allowedOrigins);
    const user = check(userSchema, c.req.query('user'), 'user');
    const id = check(idSchema, c.req.param('id'), 'conversation_id');
    await turnStored(id);
    const [conv] = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(ownConversationWhere(agent, id, user))
      .limit(1);
    if (!conv) throw new HttpError(404, 'Conversation Not Exists.', { code: 'not_found' });

    return streamSSE(c, async (out) => {
      const queue: LiveEvent[] = [];
      const live = new LiveSubscription(out, (wake) =>
        conversationBusOf(db).subscribe(id, (event) => {
          queue.push(event);
          wake();
        }),
      );
      const send = (event: ConversationEvent) => out.writeSSE({ data: JSON.stringify(event) });
      try {
        const hold = await heldBy(db, id);
        await out.writeSSE({
          data: JSON.stringify({ event: 'ready', conversation_id: id, held: Boolean(hold) }),
        });
        while (!out.aborted && !out.closed) {
          if (!queue.length) {
            await live.idle(keepAliveMs);
            if (!queue.length && !out.aborted) await out.write(': keep-alive\n\n');
            continue;
          }
          const event = queue.shift()!;
          if (event.kind === 'takeover' || event.kind === 'release') {
            await send({ event: event.kind, conversation_id: id });
            continue;
          }
          if (event.kind !== 'member_message' || !event.messageId) continue;
          const [message] = await db
            .select({
              id: messages.id,
              content: messages.content,
              createdAt: messages.createdAt,
              metadata: messages.metadata,
            })
            .from(messages)
            .where(and(eq(messages.id, event.messageId!), eq(messages.conversationId, id)))
            .limit(1);
          if (message)
            await send({
              event: 'member_message',
              conversation_id: id,
              id: message.id,
              answer: message.content,
              created_at: Math.floor(message.createdAt.getTime() / 1000),
              // A person of the team wrote it: the visitor sees their first name, not the agent's.
              author: 'member',
              member_name: firstName(message.metadata?.member_name),
            });
        }
      } finally {
        live.close();
      }
    });
  });

  return app;
}

/** A member's first name (all a visitor is told of them), or null. */
export function firstName(name: unknown): string | null {
  if (typeof name !== 'string') return null;
  const first = name.trim().split(/\s+/)[0] ?? '';
  return first ? first.slice(0, 60) : null;
}
