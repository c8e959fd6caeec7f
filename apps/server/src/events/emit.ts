import type { Db } from '../db/client';

/**
 * The events the organization's own systems are told of (docs/webhooks.md, issue 40). This turn
 * names the one the handoff feature raises; the webhooks feature adds the rest.
 */
export type EventType = 'handoff.requested';

export interface OutgoingEvent {
  type: EventType;
  organizationId: string;
  /** What the event says: ids, the agent, the channel, the contact and what happened. */
  data: Record<string, unknown>;
}

/** A transaction (or the database) the event is written with: the same one as its cause. */
export type EventTx = Pick<Db, 'execute' | 'insert'>;

/**
 * Emits an event in the transaction of the change that caused it (the transactional outbox):
 * called inside that transaction so an event is never told of a change that rolled back.
 *
 * The delivery side (the outbox table, signed deliveries to each matching webhook, retries and
 * replay) belongs to the webhooks feature (issue 40), which implements this function's body; until
 * it lands nothing is recorded, and every caller already emits through here.
 */
export async function emitEvent(tx: EventTx, event: OutgoingEvent): Promise<void> {
  void tx;
  void event;
}
