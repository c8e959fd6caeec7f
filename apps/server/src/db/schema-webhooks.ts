import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import * as col from './columns';

// ---------- webhooks: events told to the organization's own systems (webhooks/, drizzle/0037) ----------

/**
 * An organization's endpoint: the events it wants (or '*'), optionally only those of some agents.
 * `secret` is the Standard Webhooks signing secret (`whsec_…`), encrypted (lib/secrets).
 * `failing_since`: the first failed attempt since the last success (5 days of it disables).
 */
export const webhooks = pgTable(
  'webhooks',
  {
    ...col.id(),
    ...col.organizationId(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    /** Only these agents' events; null: every agent's (and events of no agent). */
    agentNames: text('agent_names').array(),
    description: text('description').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    secret: text('secret').notNull(),
    /** After a rotation the old secret signs too (a second signature) until `previousSecretUntil`. */
    previousSecret: text('previous_secret'),
    previousSecretUntil: col.timestamptz('previous_secret_until'),
    failingSince: col.timestamptz('failing_since'),
    lastSuccessAt: col.timestamptz('last_success_at'),
    disabledAt: col.timestamptz('disabled_at'),
    /** Why the server disabled it (a person disabling it leaves this null). */
    disabledReason: text('disabled_reason'),
    createdBy: text('created_by'),
    ...col.timestamps(),
  },
  (t) => [col.organizationCreatedIndex('webhooks_org_idx', t)],
);

/**
 * The outbox: one event, written in the transaction of its cause (parley_emit_event). Its id is
 * the `webhook-id` of every delivery, retry and replay of it; `created_at` its `timestamp`.
 */
export const outboundEvents = pgTable(
  'outbound_events',
  {
    id: text('id').primaryKey(),
    ...col.organizationId(),
    type: text('type').notNull(),
    conversationId: uuid('conversation_id'),
    agentName: text('agent_name'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    ...col.clockCreatedAt(),
  },
  (t) => [col.organizationCreatedIndex('outbound_events_org_idx', t)],
);

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/**
 * One event to one webhook: the delivery queue's job row (webhooks/queue.ts). `seq` orders a
 * conversation's deliveries; `locked_at` is the claim's lease (pending and locked: in flight).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    ...col.id(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventId: text('event_id')
      .notNull()
      .references(() => outboundEvents.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id').notNull(),
    conversationId: uuid('conversation_id'),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: col
      .timestamptz('next_attempt_at')
      .notNull()
      .default(sql`clock_timestamp()`),
    lockedAt: col.timestamptz('locked_at'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    /** The start of the endpoint's last answer (1 KB at most). */
    lastResponse: text('last_response'),
    deliveredAt: col.timestamptz('delivered_at'),
    ...col.clockCreatedAt(),
  },
  (t) => [
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_order_idx')
      .on(t.webhookId, t.conversationId, t.seq)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_log_idx').on(t.webhookId, t.seq.desc()),
    index('webhook_deliveries_event_idx').on(t.eventId),
  ],
);
