import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { InboxEvent } from '@parley/api-client';
import type { AppEnv, Services } from '../lib/env';
import { requireMembership } from '../lib/tenancy';
import { conversationBusOf, type LiveEvent } from './live';
import { keepAliveMs } from './publicRoutes';
import { LiveSubscription } from './liveSubscription';

/**
 * The events of one stream not yet written, each conversation and kind once: a burst of messages
 * in one conversation (a bulk insert, a quick exchange) is one event for the inbox to read again.
 */
export class PendingEvents {
  private readonly keys = new Set<string>();
  private readonly queue: LiveEvent[] = [];

  push(event: LiveEvent): void {
    const key = `${event.kind}:${event.conversationId}`;
    if (this.keys.has(key)) return;
    this.keys.add(key);
    this.queue.push(event);
  }

  shift(): LiveEvent | undefined {
    const event = this.queue.shift();
    if (event) this.keys.delete(`${event.kind}:${event.conversationId}`);
    return event;
  }

  get length(): number {
    return this.queue.length;
  }
}

/**
 * GET /api/conversations/events (session): the organization's inbox as server-sent events —
 * `ready`, then a conversation's id whenever it has a new message, is taken over or released, or
 * its call ends. Only the organization's own conversations (the bus is keyed by organization: the
 * NOTIFY carries each conversation's organization), ids only. A member removed from the
 * organization is disconnected at once (the `member` row's delete trigger announces it, migration
 * 0028); a comment line every 25 s keeps proxies from closing an idle stream and re-checks the
 * membership too; nothing is polled.
 */
export function inboxEvents(c: Context<AppEnv>, services: Services, orgId: string) {
  const { db } = services;
  const userId = c.get('user').id;
  c.header('Cache-Control', 'no-store');
  return streamSSE(c, async (out) => {
    const pending = new PendingEvents();
    // Removed from the organization (by anyone, through any route): the stream ends at once.
    let removed = false;
    const live = new LiveSubscription(out, (wake) =>
      conversationBusOf(db).subscribeOrganization(orgId, (event) => {
        if (event.kind === 'member_removed') {
          if (event.userId !== userId) return;
          removed = true;
        } else pending.push(event);
        wake();
      }),
    );
    const send = (event: InboxEvent) => out.writeSSE({ data: JSON.stringify(event) });
    try {
      await send({ event: 'ready', organization_id: orgId });
      while (!out.aborted && !out.closed && !removed) {
        const event = pending.shift();
        if (event) {
          await send({
            event: event.kind as Exclude<LiveEvent['kind'], 'member_message' | 'member_removed'>,
            conversation_id: event.conversationId,
          });
          continue;
        }
        await live.idle(keepAliveMs);
        if (pending.length || out.aborted || removed) continue;
        const stillMember = await requireMembership(db, userId, orgId).then(
          () => true,
          () => false,
        );
        if (!stillMember) break;
        await out.write(': keep-alive\n\n');
      }
    } finally {
      live.close();
    }
  });
}
