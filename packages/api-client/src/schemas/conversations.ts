import { z } from 'zod';
import { toolStepSchema } from './tools';
import { agentVersionLabelSchema } from './common';
import { handoffSchema } from './handoff';
import { conversationOutcomeSchema, outcomeLimits } from './outcomes';

/**
 * Conversations across channels, human takeover and agent analytics (issue 29): the inbox's
 * list, thread, takeover and export calls under /api/conversations, the analytics call under
 * /api/analytics, and the live events of a conversation on the public runtime (/v1).
 */

export const conversationChannelValues = ['chat', 'voice', 'sms', 'whatsapp', 'email'] as const;
export type ConversationChannelName = (typeof conversationChannelValues)[number];
/**
 * open: the agent answers; needs_human: it asked for a person (or the visitor did) and nobody has
 * taken it over yet; held: a member has taken it over; ended: a call that hung up.
 */
export const conversationStatusValues = ['open', 'needs_human', 'held', 'ended'] as const;
export type ConversationStatus = (typeof conversationStatusValues)[number];
export const messageAuthorValues = ['visitor', 'agent', 'member'] as const;
export type MessageAuthor = (typeof messageAuthorValues)[number];

const isoDate = (field: string) =>
  z
    .string()
    .refine((v) => !Number.isNaN(Date.parse(v)), `${field} must be a date (ISO 8601)`)
    .transform((v) => new Date(v));

/** The list's and the export's filters (query string). */
export const conversationFiltersSchema = z.object({
  organization_id: z.string().min(1).optional(),
  agent_id: z.string().min(1).max(200, 'agent_id must be at most 200 characters').optional(),
  channel: z
    .enum(conversationChannelValues, {
      error: `channel must be one of ${conversationChannelValues.join(', ')}`,
    })
    .optional(),
  status: z
    .enum(conversationStatusValues, {
      error: `status must be one of ${conversationStatusValues.join(', ')}`,
    })
    .optional(),
  q: z.string().trim().max(200, 'q must be at most 200 characters').optional(),
  from: isoDate('from').optional(),
  to: isoDate('to').optional(),
  /** Outcomes (docs/outcomes.md): those that count as a success (true) or not (false). */
  success: z
    .enum(['true', 'false', 'pass', 'fail'], { error: 'success must be true or false' })
    .optional(),
  /** Outcomes carrying this tag. */
  tag: z
    .string()
    .trim()
    .min(1, 'tag must not be empty')
    .max(outcomeLimits.tag, `tag must be at most ${outcomeLimits.tag} characters`)
    .optional(),
});
export type ConversationFilters = z.input<typeof conversationFiltersSchema>;

export const conversationListQuerySchema = conversationFiltersSchema.extend({
  cursor: z.string().max(200, 'cursor must be at most 200 characters').optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be between 1 and 100')
    .max(100, 'limit must be between 1 and 100')
    .optional(),
});

export const exportQuerySchema = conversationFiltersSchema.extend({
  format: z.enum(['csv', 'jsonl'], { error: 'format must be csv or jsonl' }).default('csv'),
});

export const heldBySchema = z.object({
  user_id: z.string(),
  name: z.string(),
  since: z.string(),
});
export type HeldBy = z.infer<typeof heldBySchema>;

export const conversationSummarySchema = z.object({
  id: z.string(),
  organization_id: z.string(),
  agent_id: z.string().nullable(),
  agent_name: z.string().nullable(),
  channel: z.enum(conversationChannelValues),
  end_user: z.string(),
  agent_address: z.string().nullable(),
  status: z.enum(conversationStatusValues),
  held_by: heldBySchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  message_count: z.number().int(),
  last_message: z
    .object({
      author: z.enum(messageAuthorValues).nullable(),
      text: z.string(),
      created_at: z.string(),
    })
    .nullable(),
  /** A visitor's message arrived since the signed-in member last opened the thread. */
  unread: z.boolean(),
  /** Its open request for a person (waiting, or taken over and not yet released); else null. */
  handoff: handoffSchema.nullable().optional(),
  /** Its outcome (docs/outcomes.md) once analysed; else null. */
  outcome: conversationOutcomeSchema.nullable().optional(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationListSchema = z.object({
  conversations: z.array(conversationSummarySchema),
  next_cursor: z.string().nullable(),
});
export type ConversationList = z.infer<typeof conversationListSchema>;

/**
 * GET /api/conversations/waiting: the conversations that wait for a person now (needs_human),
 * the longest waiting first (at most 200), and how many there are.
 */
export const waitingListSchema = z.object({
  count: z.number().int(),
  conversations: z.array(conversationSummarySchema),
});
export type WaitingList = z.infer<typeof waitingListSchema>;

export const knowledgePassageSchema = z.object({
  source: z.string().nullable(),
  excerpt: z.string(),
});

export const threadMessageSchema = z.object({
  id: z.string(),
  author: z.enum(messageAuthorValues),
  /** The member who wrote it (author member). */
  member_name: z.string().nullable(),
  text: z.string(),
  created_at: z.string(),
  offline: z.boolean(),
  error: z.string().nullable(),
  /** What the channel adds (null where it has nothing to say). */
  delivery_status: z.string().nullable(),
  latency_ms: z.number().nullable(),
  llm_ttft_ms: z.number().nullable(),
  email_subject: z.string().nullable(),
  passages: z.array(knowledgePassageSchema),
  /** The tools the agent called for this answer, in order (agent answers that called any). */
  tool_steps: z.array(toolStepSchema).optional(),
  /** The agent version that wrote an agent answer (a number, or 'draft'); absent otherwise. */
  agent_version: agentVersionLabelSchema.optional(),
  /**
   * What the storage mode kept of the text (docs/privacy.md): 'redacted' (placeholders) or
   * 'metadata_only' (no text; `length` characters were written); absent when stored as written.
   */
  privacy: z
    .object({ mode: z.enum(['redacted', 'metadata_only']), length: z.number().optional() })
    .optional(),
});
export type ThreadMessage = z.infer<typeof threadMessageSchema>;

export const conversationDetailSchema = conversationSummarySchema.extend({
  call: z
    .object({
      duration_s: z.number().nullable(),
      ended_by: z.string().nullable(),
      end_reason: z.string().nullable(),
    })
    .nullable(),
  messages: z.array(threadMessageSchema),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

export const memberReplyRequestSchema = z.object({
  text: z
    .string({ error: 'text is required' })
    .trim()
    .min(1, 'text is required')
    .max(4000, 'text must be at most 4000 characters'),
});

export const memberReplyResponseSchema = z.object({
  message: threadMessageSchema,
});

/** The runtime's answer while a member holds the conversation (no agent reply). */
export const personReplyingNotice = 'A person from our team is replying…';

/**
 * What a caller hears instead of the agent's answer while a member holds the call's conversation
 * (POST /voice/internal/calls/{id}/chat answers it with `held: 'message_taken'`).
 */
export const callHeldNotice =
  "A team member is handling this conversation. I've passed on your message; they will get back to you.";

/** A live event of a conversation on the public runtime (GET /v1/conversations/{id}/events). */
export const conversationEventSchema = z.discriminatedUnion('event', [
  z.object({
    event: z.literal('member_message'),
    conversation_id: z.string(),
    id: z.string(),
    answer: z.string(),
    created_at: z.number(),
    /** Written by a person of the team, not the agent: the widget says so. */
    author: z.literal('member').optional(),
    /** That person's first name (what a visitor is told), or null. */
    member_name: z.string().nullable().optional(),
  }),
  z.object({ event: z.literal('takeover'), conversation_id: z.string() }),
  z.object({ event: z.literal('release'), conversation_id: z.string() }),
]);
export type ConversationEvent = z.infer<typeof conversationEventSchema>;

/** GET /api/conversations/events: which organization (a member of several), else the only one. */
export const inboxEventsQuerySchema = z.object({
  organization_id: z.string().min(1, 'organization_id must not be empty').optional(),
});

/** What the inbox's live stream announces of a conversation (ids only, never a message's text). */
export const inboxEventKindValues = [
  'message',
  'takeover',
  'release',
  'status',
  'handoff',
] as const;
export type InboxEventKind = (typeof inboxEventKindValues)[number];

/**
 * An event of the organization's inbox stream (GET /api/conversations/events, session):
 * `ready` once the stream listens, then one per change of any of its conversations — a new
 * message (any author), a takeover, a release, a call's end (`status`), a request for a person
 * (`handoff`) — with the conversation's
 * id only, so the inbox reads what changed through the API (its own organization's, as always).
 */
export const inboxEventSchema = z.union([
  z.object({ event: z.literal('ready'), organization_id: z.string() }),
  z.object({ event: z.enum(inboxEventKindValues), conversation_id: z.string() }),
]);
export type InboxEvent = z.infer<typeof inboxEventSchema>;

// ---------- analytics ----------

export const analyticsPeriodValues = ['24h', '7d', '30d'] as const;
export type AnalyticsPeriod = (typeof analyticsPeriodValues)[number];
export const analyticsQuerySchema = z.object({
  period: z.enum(analyticsPeriodValues, { error: 'period must be 24h, 7d or 30d' }).default('7d'),
  /** Only what one agent version answered: its number, or 'draft' (docs/versions.md). */
  version: z
    .string()
    .regex(/^(draft|[1-9][0-9]{0,8})$/, "version must be 'draft' or a version number")
    .optional(),
});

const percentiles = z.object({ p50: z.number().nullable(), p95: z.number().nullable() });

const handoffFiguresSchema = z.object({
  total: z.number().int(),
  by_agent: z.number().int(),
  by_visitor: z.number().int(),
  /** Distinct conversations handed off / the period's conversations (null without any). */
  share: z.number().nullable(),
  time_to_person_s: percentiles,
  by_day: z.array(
    z.object({
      day: z.string(),
      requests: z.number().int(),
      conversations: z.number().int(),
      share: z.number().nullable(),
      time_to_person_s: percentiles,
    }),
  ),
});

export const agentAnalyticsSchema = z.object({
  agent_id: z.string(),
  period: z.enum(analyticsPeriodValues),
  /** The version the figures are limited to; absent: every version. */
  agent_version: agentVersionLabelSchema.optional(),
  from: z.string(),
  to: z.string(),
  /** hour for 24h, day otherwise. */
  bucket: z.enum(['hour', 'day']),
  totals: z.object({
    conversations: z.number().int(),
    messages: z.number().int(),
    agent_answers: z.number().int(),
    answered_without_error: z.number().int(),
    /** answered_without_error / agent_answers (null without answers). */
    answered_share: z.number().nullable(),
  }),
  series: z.array(
    z.object({
      at: z.string(),
      channel: z.enum(conversationChannelValues),
      conversations: z.number().int(),
      messages: z.number().int(),
    }),
  ),
  handoffs: z.object({
    total: z.number().int(),
    by_member: z.array(
      z.object({ user_id: z.string(), name: z.string(), count: z.number().int() }),
    ),
  }),
  model_ttft_ms: percentiles,
  voice_latency_ms: percentiles,
  calls: z.object({
    count: z.number().int(),
    duration_s: z.object({
      total: z.number(),
      p50: z.number().nullable(),
      p95: z.number().nullable(),
    }),
    end_reasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  }),
  knowledge: z.object({
    most_retrieved: z.array(
      z.object({
        segment_id: z.string(),
        document: z.string().nullable(),
        excerpt: z.string(),
        hits: z.number().int(),
      }),
    ),
    never_retrieved: z.array(
      z.object({ segment_id: z.string(), document: z.string().nullable(), excerpt: z.string() }),
    ),
    never_retrieved_count: z.number().int(),
  }),
  unanswered: z.array(
    z.object({
      conversation_id: z.string(),
      question: z.string(),
      reason: z.enum(['offline', 'no_passages', 'error']),
      created_at: z.string(),
    }),
  ),
  /**
   * Requests for a person (request_human, the visitor's 'Talk to a person') in the period: how
   * many, the share of the period's conversations handed off, time to a person (request → first
   * member reply, seconds) p50/p95, and the same by UTC day.
   */
  handoff_requests: handoffFiguresSchema,
});
export type AgentAnalytics = z.infer<typeof agentAnalyticsSchema>;
