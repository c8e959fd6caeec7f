import { z } from 'zod';

/**
 * Webhooks (issue 40, docs/webhooks.md): an organization's endpoints under
 * /api/org/{orgId}/webhooks, the events they receive (`{type, timestamp, data}`, signed per
 * Standard Webhooks), and each endpoint's delivery log.
 */

/** Every event the server sends; a webhook subscribes to some of them or to '*'. */
export const webhookEventTypes = [
  'conversation.started',
  'conversation.ended',
  'conversation.reopened',
  'analysis.completed',
  'call.started',
  'call.ended',
  'takeover.started',
  'takeover.released',
  'scheduled_call.completed',
  'scheduled_call.failed',
  'campaign.completed',
  'contact.opted_out',
  'test_run.completed',
  'agent.published',
  'handoff.requested',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** The event types a webhook may list: each event, or '*' for all of them. */
export const webhookEventChoices = [...webhookEventTypes, '*'] as const;
export type WebhookEventChoice = (typeof webhookEventChoices)[number];

/** The event `POST …/{id}/test` sends (to that webhook only, whatever it subscribed to). */
export const webhookTestEventType = 'webhook.test';

export const webhookLimits = {
  /** Webhooks per organization. */
  perOrganization: 20,
  urlLength: 2000,
  descriptionLength: 500,
  agentNames: 50,
  /** Deliveries one page of the log shows at most. */
  deliveriesPage: 100,
} as const;

const url = z
  .string({ error: 'url is required' })
  .trim()
  .min(1, 'url is required')
  .max(webhookLimits.urlLength, `url must be at most ${webhookLimits.urlLength} characters`)
  .refine((v) => URL.canParse(v), 'url must be a full URL (https://…)')
  .refine(
    (v) => ['http:', 'https:'].includes(new URL(v).protocol),
    'url must start with https:// (or http://)',
  );

const events = z
  .array(
    z.enum(webhookEventChoices, {
      error: (issue) =>
        `${JSON.stringify(issue.input)} is not an event (one of ${webhookEventChoices.join(', ')})`,
    }),
    { error: 'events must be a list of event types' },
  )
  .min(1, 'events must name at least one event (or "*" for all)')
  .max(webhookEventChoices.length, 'events lists an event more than once')
  .refine((list) => new Set(list).size === list.length, 'events lists an event more than once');

const agentNames = z
  .array(z.string().trim().min(1, 'agent_names must not contain an empty name').max(200), {
    error: 'agent_names must be a list of agent names',
  })
  .max(webhookLimits.agentNames, `agent_names lists at most ${webhookLimits.agentNames} agents`);

const description = z
  .string({ error: 'description must be text' })
  .trim()
  .max(
    webhookLimits.descriptionLength,
    `description must be at most ${webhookLimits.descriptionLength} characters`,
  );

/** POST /api/org/{orgId}/webhooks. `agent_names` left out, null or empty: every agent. */
export const webhookCreateRequestSchema = z.object({
  url,
  events,
  agent_names: agentNames.nullable().optional(),
  description: description.optional(),
});
export type WebhookCreateRequest = z.input<typeof webhookCreateRequestSchema>;

/** PUT …/{id}: the fields given are changed; `enabled: true` turns a disabled webhook back on. */
export const webhookUpdateRequestSchema = z.object({
  url: url.optional(),
  events: events.optional(),
  agent_names: agentNames.nullable().optional(),
  description: description.optional(),
  enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
});
export type WebhookUpdateRequest = z.input<typeof webhookUpdateRequestSchema>;

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  agent_names: z.array(z.string()).nullable(),
  description: z.string(),
  enabled: z.boolean(),
  /** Why the server turned it off (it failed every delivery for 5 days); null otherwise. */
  disabled_reason: z.string().nullable(),
  disabled_at: z.string().nullable(),
  /** Since when every attempt has failed (null: the last one succeeded, or none was made). */
  failing_since: z.string().nullable(),
  last_success_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The answer that shows the signing secret: creation and rotation only, never again. */
export const webhookWithSecretSchema = z.object({
  webhook: webhookSchema.extend({ secret: z.string().startsWith('whsec_') }),
});
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const webhookAnswerSchema = z.object({ webhook: webhookSchema });
export const webhookListSchema = z.object({ webhooks: z.array(webhookSchema) });
export type WebhookList = z.infer<typeof webhookListSchema>;

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/** What a receiver gets: the body every delivery of one event carries, byte for byte. */
export const webhookPayloadSchema = z.object({
  type: z.string(),
  timestamp: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  webhook_id: z.string(),
  /** The event's id: the `webhook-id` header of every attempt and replay. */
  event_id: z.string(),
  /** The event's type. */
  event: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  /** The start of the endpoint's last answer (at most 1 KB). */
  last_response: z.string().nullable(),
  /** When the next attempt is due (pending only). */
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
  payload: webhookPayloadSchema,
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesQuerySchema = z.object({
  status: z
    .enum(webhookDeliveryStatuses, {
      error: `status must be one of ${webhookDeliveryStatuses.join(', ')}`,
    })
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, `limit must be between 1 and ${webhookLimits.deliveriesPage}`)
    .max(
      webhookLimits.deliveriesPage,
      `limit must be between 1 and ${webhookLimits.deliveriesPage}`,
    )
    .optional(),
  cursor: z
    .string()
    .regex(/^\d{1,18}$/, 'cursor must be the next_cursor of a previous page')
    .optional(),
});
export type WebhookDeliveriesQuery = z.input<typeof webhookDeliveriesQuerySchema>;

export const webhookDeliveryListSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

/** The answer of test and replay: the delivery queued (202). */
export const webhookDeliveryAnswerSchema = z.object({ delivery: webhookDeliverySchema });
