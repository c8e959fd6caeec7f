import { sql } from 'drizzle-orm';
import { webhookEventTypes, type WebhookEventType } from '@parley/api-client';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

/**
 * The events the organization's own systems are told of (docs/webhooks.md). Row changes announce
 * themselves by triggers (drizzle/0037: conversations, calls, takeovers, scheduled calls,
 * campaigns, opt-outs, test runs); what only the server's code knows (a handoff, a publish, an
 * analysis) is emitted here, with the same SQL function, so both kinds reach the same outbox.
 */
export type EventType = WebhookEventType;

export interface OutgoingEvent {
  type: EventType;
  organizationId: string;
  /**
   * What the event says: ids, the agent (`agent_name`, `agent_version`), the channel, the contact
   * and what happened. Delivered as the payload's `data`, as given.
   */
  data: Record<string, unknown>;
  /**
   * The conversation it is about: a conversation's deliveries to one webhook go out in order.
   * Defaults to `data.conversation_id`.
   */
  conversationId?: string | null;
}

/** A transaction (or the database) the event is written with: the same one as its cause. */
export type EventTx = Pick<Db, 'execute'>;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const known = new Set<string>(webhookEventTypes);

/**
 * Emits an event in the transaction of the change that caused it (the transactional outbox): an
 * event is never told of a change that rolled back, and never lost once the change committed.
 * It is stored (with a pending delivery to each webhook that wants it) only when some webhook of
 * the organization subscribed to it. Returns the event's id (its `webhook-id`), or null.
 *
 *     await db.transaction(async (tx) => {
 *       … the change …
 *       await emitEvent(tx, { type: 'agent.published', organizationId, data: { agent_name, version } });
 *     });
 */
export async function emitEvent(tx: EventTx, event: OutgoingEvent): Promise<string | null> {
  if (!known.has(event.type)) throw new Error(`Unknown event type: ${event.type}`);
  const fromData = event.data.conversation_id;
  const conversationId =
    event.conversationId ?? (typeof fromData === 'string' && uuid.test(fromData) ? fromData : null);
  const agent = typeof event.data.agent_name === 'string' ? event.data.agent_name : null;
  const [row] = rowsOf(
    await tx.execute(sql`SELECT parley_emit_event(${event.organizationId}, ${event.type},
      ${conversationId}::uuid, ${agent}, ${JSON.stringify(event.data)}::jsonb) AS id`),
  );
  return (row?.id as string | null) ?? null;
}
