import { z } from 'zod';
import { maxRetentionDays } from './privacyValues';

// Retention and purges (issue 42, docs/privacy.md "Retention"): the retention job and
// POST /api/org/{orgId}/privacy/purge remove an organization's data older than a cutoff.

/** What a purge removes, by kind (calls are the voice conversations among `conversations`). */
export const purgeKinds = [
  'conversations',
  'calls',
  'messages',
  'outcomes',
  'test_runs',
  'mail_sends',
  'outbox',
  'scheduled_calls',
] as const;
export type PurgeKind = (typeof purgeKinds)[number];

export const purgeCountsSchema = z.object({
  conversations: z.number().int(),
  calls: z.number().int(),
  messages: z.number().int(),
  /** The outcomes (conversation analyses) of the conversations removed. */
  outcomes: z.number().int(),
  test_runs: z.number().int(),
  mail_sends: z.number().int(),
  outbox: z.number().int(),
  scheduled_calls: z.number().int(),
});
export type PurgeCounts = z.infer<typeof purgeCountsSchema>;

const dateTime = z.union([z.iso.datetime({ offset: true }), z.iso.date()], {
  error: 'must be a number of days or an ISO 8601 date or date-time (e.g. 2026-01-31)',
});

/**
 * POST /api/org/{orgId}/privacy/purge: `older_than` is a number of days (0: everything until
 * now) or an ISO 8601 date or date-time in the past; `dry_run` answers what would be removed.
 */
export const purgeRequestSchema = z.object({
  older_than: z.union(
    [
      z
        .number({ error: 'must be a number of days or an ISO 8601 date or date-time' })
        .int('must be a whole number of days')
        .min(0, 'must be 0 days or more')
        .max(maxRetentionDays, `must be at most ${maxRetentionDays} days`),
      dateTime,
    ],
    { error: 'must be a number of days or an ISO 8601 date or date-time (e.g. 2026-01-31)' },
  ),
  dry_run: z.boolean({ error: 'must be true or false' }).default(false),
});
export type PurgeRequest = z.input<typeof purgeRequestSchema>;

export const purgeStatusValues = ['queued', 'running', 'done', 'failed'] as const;

/**
 * The answer: what was removed (`dry_run`: what would be), by kind. A purge still running when
 * the request's wait ends answers 202 with `status: 'running'` and what it removed so far; it
 * goes on in the background (GET …/privacy/purges shows it).
 */
export const purgeResponseSchema = z.object({
  dry_run: z.boolean(),
  /** The cutoff: data older than this. */
  older_than: z.string(),
  status: z.enum(purgeStatusValues),
  /** The purge's id (null for a dry run). */
  purge_id: z.string().nullable(),
  removed: purgeCountsSchema,
});
export type PurgeResponse = z.infer<typeof purgeResponseSchema>;

/** A purge of the organization's: the retention job's or one asked for. */
export const purgeRunSchema = z.object({
  id: z.string(),
  trigger: z.enum(['retention', 'request']),
  status: z.enum(purgeStatusValues),
  older_than: z.string(),
  removed: purgeCountsSchema,
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type PurgeRun = z.infer<typeof purgeRunSchema>;

/** GET /api/org/{orgId}/privacy/purges: the latest purges, newest first. */
export const purgeListSchema = z.object({ purges: z.array(purgeRunSchema) });
export type PurgeList = z.infer<typeof purgeListSchema>;
