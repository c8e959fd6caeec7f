import { z } from 'zod';
import { agentVersionLabelSchema, controlCharacters } from './common';

/**
 * Outcomes (issue 40 item 2, docs/outcomes.md): an agent's outcome plan — a summary, a success
 * evaluation, typed fields and tags — is part of its versioned settings; when a conversation
 * ends, the model of the version that answered fills it (structured output) and the outcome is
 * stored beside the conversation.
 */

export const outcomeSuccessTypeValues = ['pass_fail', 'score_1_10', 'checklist'] as const;
export type OutcomeSuccessType = (typeof outcomeSuccessTypeValues)[number];
export const outcomeFieldTypeValues = ['string', 'number', 'boolean', 'enum'] as const;
export type OutcomeFieldType = (typeof outcomeFieldTypeValues)[number];

/** What a plan and an outcome may hold at most. */
export const outcomeLimits = {
  fields: 20,
  fieldName: 40,
  description: 500,
  enumValues: 50,
  enumValue: 100,
  tags: 50,
  tag: 40,
  criteria: 2000,
  checklistItems: 20,
  /** What the model's answer is cut to when stored. */
  summary: 2000,
  explanation: 1000,
  stringValue: 1000,
} as const;

/** A field's name: a lowercase letter, then lowercase letters, digits or underscores. */
export const outcomeFieldNamePattern = /^[a-z][a-z0-9_]*$/;
export const outcomeFieldNameMessage =
  'must start with a lowercase letter and hold only lowercase letters, digits and underscores (e.g. order_number)';

/** A score of this or more counts as a success (the success rate, the inbox filter). */
export const scoreSuccessThreshold = 6;

/** The items of a checklist: each non-empty line of the criteria, without a leading bullet. */
export function checklistItems(criteria: string): string[] {
  return criteria
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '').trim())
    .filter(Boolean);
}

const plainText = (max: number, what: string) =>
  z
    .string({ error: `must be text` })
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine((v) => !controlCharacters.test(v), `${what} must not contain control characters`);

export const outcomeFieldSchema = z
  .strictObject({
    name: z
      .string({ error: 'name is required' })
      .trim()
      .min(1, 'name is required')
      .max(outcomeLimits.fieldName, `must be at most ${outcomeLimits.fieldName} characters`)
      .regex(outcomeFieldNamePattern, outcomeFieldNameMessage),
    type: z.enum(outcomeFieldTypeValues, {
      error: `must be one of ${outcomeFieldTypeValues.join(', ')}`,
    }),
    description: plainText(outcomeLimits.description, 'a description').default(''),
    enum: z
      .array(
        plainText(outcomeLimits.enumValue, 'a choice').pipe(z.string().min(1, 'must not be empty')),
        { error: 'must be a list of choices' },
      )
      .max(outcomeLimits.enumValues, `at most ${outcomeLimits.enumValues} choices`)
      .optional(),
  })
  .superRefine((field, ctx) => {
    if (field.type === 'enum') {
      if (!field.enum?.length)
        ctx.addIssue({
          code: 'custom',
          path: ['enum'],
          message: 'an enum field needs at least one choice',
        });
      const seen = new Set<string>();
      for (const [i, value] of (field.enum ?? []).entries()) {
        if (seen.has(value))
          ctx.addIssue({ code: 'custom', path: ['enum', i], message: `${value} is listed twice` });
        seen.add(value);
      }
    } else if (field.enum !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['enum'],
        message: 'only an enum field has choices',
      });
  });
export type OutcomeField = z.output<typeof outcomeFieldSchema>;

/**
 * The outcome plan (GET/PUT /api/agents/{agentName}/analysis, the agent document's `analysis`).
 * A key left out of a PUT is off or empty. A plan with nothing in it (no summary, no success
 * evaluation, no fields, no tags) analyses nothing.
 */
export const outcomePlanSchema = z
  .strictObject({
    summary: z.boolean({ error: 'must be true or false' }).default(false),
    success_type: z
      .enum(outcomeSuccessTypeValues, {
        error: `must be one of ${outcomeSuccessTypeValues.join(', ')}, or null`,
      })
      .nullable()
      .default(null),
    success_criteria: plainText(outcomeLimits.criteria, 'the criteria').default(''),
    fields: z
      .array(outcomeFieldSchema, { error: 'must be a list of fields' })
      .max(outcomeLimits.fields, `at most ${outcomeLimits.fields} fields`)
      .default([]),
    tags: z
      .array(
        plainText(outcomeLimits.tag, 'a tag').pipe(z.string().min(1, 'a tag must not be empty')),
        { error: 'must be a list of tags' },
      )
      .max(outcomeLimits.tags, `at most ${outcomeLimits.tags} tags`)
      .default([]),
  })
  .superRefine((plan, ctx) => {
    if (plan.success_type && !plan.success_criteria)
      ctx.addIssue({
        code: 'custom',
        path: ['success_criteria'],
        message: 'say in plain words what success means (required with a success_type)',
      });
    if (
      plan.success_type === 'checklist' &&
      checklistItems(plan.success_criteria).length > outcomeLimits.checklistItems
    )
      ctx.addIssue({
        code: 'custom',
        path: ['success_criteria'],
        message: `a checklist has at most ${outcomeLimits.checklistItems} items (one a line)`,
      });
    const names = new Set<string>();
    for (const [i, field] of plan.fields.entries()) {
      if (names.has(field.name))
        ctx.addIssue({
          code: 'custom',
          path: ['fields', i, 'name'],
          message: `another field is named ${field.name}`,
        });
      names.add(field.name);
    }
    const tags = new Set<string>();
    for (const [i, tag] of plan.tags.entries()) {
      if (tags.has(tag.toLowerCase()))
        ctx.addIssue({ code: 'custom', path: ['tags', i], message: `${tag} is listed twice` });
      tags.add(tag.toLowerCase());
    }
  });
export type OutcomePlan = z.output<typeof outcomePlanSchema>;
export type OutcomePlanInput = z.input<typeof outcomePlanSchema>;

/** The plan of an agent that has none: nothing is analysed. */
export const emptyOutcomePlan: OutcomePlan = {
  summary: false,
  success_type: null,
  success_criteria: '',
  fields: [],
  tags: [],
};

/** Whether a plan asks for anything (an empty one analyses nothing). */
export function planAsksForSomething(plan: OutcomePlan | null | undefined): plan is OutcomePlan {
  return Boolean(
    plan && (plan.summary || plan.success_type || plan.fields.length || plan.tags.length),
  );
}

// ---------- a conversation's outcome ----------

export const outcomeStatusValues = ['done', 'skipped', 'failed'] as const;
export type OutcomeStatus = (typeof outcomeStatusValues)[number];

/** A field's value: its type's, or null (the conversation did not say). */
export const outcomeFieldValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type OutcomeFieldValue = z.infer<typeof outcomeFieldValueSchema>;

export const outcomeSuccessSchema = z.object({
  /** pass_fail and checklist: true or false (a checklist: every item met); score_1_10: 1–10. */
  value: z.union([z.boolean(), z.number()]).nullable(),
  explanation: z.string().nullable(),
  /** Whether it counts as a success (a score of 6 or more); null when the value is not kept. */
  passed: z.boolean().nullable(),
  /** A checklist's items, each met or not. */
  items: z.array(z.object({ criterion: z.string(), met: z.boolean() })).optional(),
});
export type OutcomeSuccess = z.infer<typeof outcomeSuccessSchema>;

/**
 * GET /api/conversations/{id}/analysis: the conversation's outcome. `done`: the model filled the
 * plan; `skipped`: it could not be asked (`reason` says why: no model key, no text); `failed`: its
 * answer did not fit the plan, or it could not be reached (`reason`).
 */
export const conversationOutcomeSchema = z.object({
  conversation_id: z.string(),
  status: z.enum(outcomeStatusValues),
  reason: z.string().nullable(),
  summary: z.string().nullable(),
  success: outcomeSuccessSchema.nullable(),
  fields: z.record(z.string(), outcomeFieldValueSchema),
  tags: z.array(z.string()),
  /** The version whose plan and model made it (a number, or 'draft'). */
  agent_version: agentVersionLabelSchema.nullable(),
  analyzed_at: z.string(),
  /** What the storage mode kept of its text (docs/privacy.md); absent when stored as written. */
  privacy: z.object({ mode: z.enum(['redacted', 'metadata_only']) }).optional(),
});
export type ConversationOutcome = z.infer<typeof conversationOutcomeSchema>;

// ---------- re-analysing past conversations ----------

const isoDate = (field: string) =>
  z
    .string({ error: `${field} must be a date (ISO 8601)` })
    .refine((v) => !Number.isNaN(Date.parse(v)), `${field} must be a date (ISO 8601)`);

/** The most conversations one re-analysis takes (narrow the dates for more). */
export const rerunConversationLimit = 5000;

/** POST /api/agents/{agentName}/analysis/rerun: the conversations that ended in [since, until]. */
export const outcomeRerunRequestSchema = z
  .strictObject({
    since: isoDate('since'),
    until: isoDate('until').optional(),
  })
  .superRefine((body, ctx) => {
    if (body.until && Date.parse(body.until) < Date.parse(body.since))
      ctx.addIssue({ code: 'custom', path: ['until'], message: 'until must not be before since' });
  });
export type OutcomeRerunRequest = z.input<typeof outcomeRerunRequestSchema>;

export const outcomeRerunStatusValues = ['running', 'completed'] as const;

/** A re-analysis and its progress (finished = done + skipped + failed, out of total). */
export const outcomeRerunSchema = z.object({
  id: z.string(),
  agent_name: z.string(),
  status: z.enum(outcomeRerunStatusValues),
  since: z.string(),
  until: z.string().nullable(),
  total: z.number().int(),
  done: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  /** The version whose plan it uses (the live one when it started; 'draft' when never published). */
  agent_version: agentVersionLabelSchema.nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type OutcomeRerun = z.infer<typeof outcomeRerunSchema>;

/** POST …/analysis/rerun (202) and GET …/analysis/reruns/{id}. */
export const outcomeRerunAnswerSchema = z.object({ rerun: outcomeRerunSchema });
/** GET …/analysis/reruns: the newest first (at most 20). */
export const outcomeRerunListSchema = z.object({ reruns: z.array(outcomeRerunSchema) });

// ---------- the analytics of outcomes ----------

/** GET /api/analytics/agents/{agentId}/outcomes?period=24h|7d|30d[&version=N|draft] */
export const outcomeAnalyticsSchema = z.object({
  agent_id: z.string(),
  period: z.enum(['24h', '7d', '30d']),
  agent_version: agentVersionLabelSchema.optional(),
  from: z.string(),
  to: z.string(),
  bucket: z.enum(['hour', 'day']),
  totals: z.object({
    /** Outcomes of conversations that ended in the period, by status. */
    done: z.number().int(),
    skipped: z.number().int(),
    failed: z.number().int(),
    /** Outcomes with a success value, those that count as a success, and the share. */
    evaluated: z.number().int(),
    succeeded: z.number().int(),
    success_rate: z.number().nullable(),
  }),
  /** The success rate over time (buckets with evaluated outcomes only). */
  success_series: z.array(
    z.object({
      at: z.string(),
      evaluated: z.number().int(),
      succeeded: z.number().int(),
      rate: z.number().nullable(),
    }),
  ),
  /** Each field's distribution: how often it was filled, its most frequent values, numbers' range. */
  fields: z.array(
    z.object({
      name: z.string(),
      type: z.enum(outcomeFieldTypeValues),
      filled: z.number().int(),
      values: z.array(
        z.object({
          value: z.union([z.string(), z.number(), z.boolean()]),
          count: z.number().int(),
        }),
      ),
      numbers: z
        .object({ min: z.number(), max: z.number(), mean: z.number(), median: z.number() })
        .nullable(),
    }),
  ),
  tags: z.array(z.object({ tag: z.string(), count: z.number().int() })),
});
export type OutcomeAnalytics = z.infer<typeof outcomeAnalyticsSchema>;
