import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import {
  webhookLimits,
  webhookTestEventType,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
} from '@parley/api-client';
import type { Db } from '../db/client';
import { webhookDeliveries, outboundEvents, webhooks } from '../db/schema';
import { HttpError } from '../lib/http';

export type WebhookRow = typeof webhooks.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type EventRow = typeof outboundEvents.$inferSelect;

const iso = (d: Date | string | null | undefined) =>
  d == null ? null : (d instanceof Date ? d : new Date(d)).toISOString();

/** A webhook as members see it: never its secret. */
export function webhookWire(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    agent_names: row.agentNames,
    description: row.description,
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    disabled_at: iso(row.disabledAt),
    failing_since: iso(row.failingSince),
    last_success_at: iso(row.lastSuccessAt),
    created_at: iso(row.createdAt)!,
    updated_at: iso(row.updatedAt)!,
  };
}

/** The body every delivery of an event carries, byte for byte the same on each attempt. */
export const payloadOf = (event: Pick<EventRow, 'type' | 'createdAt' | 'data'>) => ({
  type: event.type,
  timestamp: iso(event.createdAt)!,
  data: event.data,
});

export function deliveryWire(d: DeliveryRow, e: EventRow): WebhookDelivery {
  return {
    id: d.id,
    webhook_id: d.webhookId,
    event_id: d.eventId,
    event: e.type,
    status: d.status,
    attempts: d.attempts,
    last_status_code: d.lastStatusCode,
    last_error: d.lastError,
    last_response: d.lastResponse,
    next_attempt_at: d.status === 'pending' ? iso(d.nextAttemptAt) : null,
    delivered_at: iso(d.deliveredAt),
    created_at: iso(d.createdAt)!,
    payload: payloadOf(e),
  };
}

export async function listWebhooks(db: Db, orgId: string): Promise<WebhookRow[]> {
  return db
    .select()
    .from(webhooks)
    .where(eq(webhooks.organizationId, orgId))
    .orderBy(webhooks.createdAt, webhooks.id);
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The organization's webhook, else 404 (another organization's is not found either). */
export async function webhookOf(db: Db, orgId: string, id: string): Promise<WebhookRow> {
  if (!uuid.test(id)) throw new HttpError(404, 'Webhook not found');
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.organizationId, orgId)))
    .limit(1);
  if (!row) throw new HttpError(404, 'Webhook not found');
  return row;
}

export async function countWebhooks(db: Db, orgId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(webhooks)
    .where(eq(webhooks.organizationId, orgId));
  return row?.n ?? 0;
}

export const tooMany = () =>
  new HttpError(
    409,
    `webhooks: An organization has at most ${webhookLimits.perOrganization} webhooks; delete one first`,
  );

/** One page of a webhook's deliveries, newest first (keyset on `seq`). */
export async function listDeliveries(
  db: Db,
  webhookId: string,
  query: { status?: WebhookDeliveryStatus; limit?: number; cursor?: string },
): Promise<{ deliveries: WebhookDelivery[]; next_cursor: string | null }> {
  const limit = query.limit ?? 50;
  const rows = await db
    .select({ d: webhookDeliveries, e: outboundEvents })
    .from(webhookDeliveries)
    .innerJoin(outboundEvents, eq(outboundEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        eq(webhookDeliveries.webhookId, webhookId),
        query.status ? eq(webhookDeliveries.status, query.status) : undefined,
        query.cursor ? lt(webhookDeliveries.seq, Number(query.cursor)) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.seq))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    deliveries: page.map((r) => deliveryWire(r.d, r.e)),
    next_cursor: rows.length > limit ? String(page.at(-1)!.d.seq) : null,
  };
}

/** A delivery of the webhook with its event, else 404. */
export async function deliveryOf(db: Db, webhookId: string, id: string) {
  if (!uuid.test(id)) throw new HttpError(404, 'Delivery not found');
  const [row] = await db
    .select({ d: webhookDeliveries, e: outboundEvents })
    .from(webhookDeliveries)
    .innerJoin(outboundEvents, eq(outboundEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.webhookId, webhookId)))
    .limit(1);
  if (!row) throw new HttpError(404, 'Delivery not found');
  return row;
}

const disabledRefusal = (what: string) =>
  new HttpError(409, `webhook: It is disabled; turn it back on to ${what}`, {
    code: 'webhook_disabled',
  });

/** Queues one more delivery of an event to a webhook (a test or a replay): same event, same id. */
async function queueDelivery(db: Db, hook: WebhookRow, event: EventRow) {
  const [d] = await db
    .insert(webhookDeliveries)
    .values({
      webhookId: hook.id,
      eventId: event.id,
      organizationId: hook.organizationId,
      conversationId: event.conversationId,
    })
    .returning();
  return deliveryWire(d!, event);
}

/** `webhook.test`: a new event sent to this webhook only, whatever it subscribed to. */
export async function sendTest(db: Db, hook: WebhookRow): Promise<WebhookDelivery> {
  if (!hook.enabled) throw disabledRefusal('send a test event');
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [event] = await tx
      .insert(outboundEvents)
      .values({
        id: `msg_${crypto.randomUUID().replace(/-/g, '')}`,
        organizationId: hook.organizationId,
        type: webhookTestEventType,
        data: {
          webhook_id: hook.id,
          organization_id: hook.organizationId,
          message: 'A test event from Parley: this endpoint receives its events.',
        },
      })
      .returning();
    return queueDelivery(tx, hook, event!);
  });
}

/**
 * Replays a finished delivery (delivered or failed): a new delivery of the same event, with the
 * same `webhook-id`, so a receiver that already has it can drop it. A pending one is on its way
 * (409).
 */
export async function replayDelivery(
  db: Db,
  hook: WebhookRow,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const { d, e } = await deliveryOf(db, hook.id, deliveryId);
  if (!hook.enabled) throw disabledRefusal('replay a delivery');
  if (d.status === 'pending')
    throw new HttpError(409, 'delivery: It is still pending; it is on its way', {
      code: 'delivery_pending',
    });
  return queueDelivery(db, hook, e);
}

/** What a PUT changes (already checked), as columns. */
export interface WebhookChanges {
  url?: string;
  events?: string[];
  agentNames?: string[] | null;
  description?: string;
  enabled?: boolean;
}

export async function updateWebhook(
  db: Db,
  hook: WebhookRow,
  changes: WebhookChanges,
): Promise<WebhookRow> {
  const turnedOn = changes.enabled === true && !hook.enabled;
  const turnedOff = changes.enabled === false && hook.enabled;
  const [row] = await db
    .update(webhooks)
    .set({
      ...changes,
      updatedAt: sql`now()`,
      // Back on: a fresh start (the 5 days count again from the next failure).
      ...(turnedOn
        ? { disabledAt: null, disabledReason: null, failingSince: null }
        : turnedOff
          ? { disabledAt: sql`now()` }
          : {}),
    })
    .where(eq(webhooks.id, hook.id))
    .returning();
  return row!;
}
