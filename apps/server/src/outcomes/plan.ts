import {
  checklistItems,
  outcomeLimits,
  outcomePlanSchema,
  planAsksForSomething,
  scoreSuccessThreshold,
  type OutcomeField,
  type OutcomeFieldValue,
  type OutcomePlan,
} from '@parley/api-client';
import type { AgentSnapshot } from '../db/schema';

/**
 * The outcome plan (docs/outcomes.md) as the server keeps and uses it: stored only when it asks
 * for something, turned into the JSON Schema the model fills, and the model's answer read back.
 */

/** A plan as stored (the draft's column, a snapshot's `analysis`): null when it asks for nothing. */
export function storedPlan(value: unknown): OutcomePlan | null {
  if (value === null || value === undefined) return null;
  const parsed = outcomePlanSchema.safeParse(value);
  return parsed.success && planAsksForSomething(parsed.data) ? parsed.data : null;
}

/** A version's plan (its snapshot's `analysis`). */
export const planOf = (snapshot: Pick<AgentSnapshot, 'analysis'> | null | undefined) =>
  storedPlan(snapshot?.analysis ?? null);

type JsonSchema = Record<string, unknown>;

const fieldSchema = (field: OutcomeField): JsonSchema => {
  const description =
    (field.description ? `${field.description}. ` : '') +
    'null when the conversation does not say.';
  if (field.type === 'enum')
    return { type: ['string', 'null'], enum: [...(field.enum ?? []), null], description };
  return { type: [field.type, 'null'], description };
};

const object = (properties: Record<string, JsonSchema>, description?: string): JsonSchema => ({
  type: 'object',
  ...(description ? { description } : {}),
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});

/** The success part of the schema, by the plan's type. */
function successSchema(plan: OutcomePlan): JsonSchema {
  const explanation = {
    type: 'string',
    description: 'One or two sentences saying why, from what the conversation shows.',
  };
  const criteria = plan.success_criteria;
  if (plan.success_type === 'checklist') {
    const checks: Record<string, JsonSchema> = {};
    checklistItems(criteria).forEach((item, i) => {
      checks[`c${i + 1}`] = { type: 'boolean', description: `Met: ${item}` };
    });
    return object(
      {
        checks: object(checks, 'Each item of the checklist: met (true) or not (false).'),
        explanation,
      },
      'The checklist, item by item.',
    );
  }
  const value =
    plan.success_type === 'score_1_10'
      ? {
          type: 'integer',
          minimum: 1,
          maximum: 10,
          description: `How well the conversation met the criteria, from 1 (not at all) to 10 (fully): ${criteria}`,
        }
      : {
          type: 'boolean',
          description: `true when the conversation met the criteria, false otherwise: ${criteria}`,
        };
  return object({ value, explanation }, 'Whether the conversation was a success.');
}

/**
 * The JSON Schema of an outcome for a plan: what the model is asked to fill (OpenAI strict
 * structured output: every property required, no others; a field the conversation does not tell
 * is null).
 */
export function outcomeJsonSchema(plan: OutcomePlan): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  if (plan.summary)
    properties.summary = {
      type: 'string',
      description: 'Two or three sentences: what the person wanted and what happened.',
    };
  if (plan.success_type) properties.success = successSchema(plan);
  if (plan.fields.length)
    properties.fields = object(
      Object.fromEntries(plan.fields.map((f) => [f.name, fieldSchema(f)])),
      'What the conversation tells of each field.',
    );
  if (plan.tags.length)
    properties.tags = {
      type: 'array',
      description: 'The tags of the list that apply to the conversation (none is fine).',
      items: { type: 'string', enum: plan.tags },
    };
  return object(properties);
}

/** The plan filled in, as read from the model's answer. */
export interface FilledOutcome {
  summary: string | null;
  success: {
    value: boolean | number;
    explanation: string;
    passed: boolean;
    items?: Array<{ criterion: string; met: boolean }>;
  } | null;
  fields: Record<string, OutcomeFieldValue>;
  tags: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const cut = (text: string, max: number) => text.trim().slice(0, max);

/** A field's value as its type has it, else null (what the conversation did not tell). */
function fieldValue(field: OutcomeField, raw: unknown): OutcomeFieldValue {
  switch (field.type) {
    case 'string':
      return typeof raw === 'string' && raw.trim() ? cut(raw, outcomeLimits.stringValue) : null;
    case 'number':
      return typeof raw === 'number' && Number.isFinite(raw) ? raw : null;
    case 'boolean':
      return typeof raw === 'boolean' ? raw : null;
    case 'enum':
      return typeof raw === 'string' && (field.enum ?? []).includes(raw) ? raw : null;
  }
}

function readSuccess(plan: OutcomePlan, raw: unknown): FilledOutcome['success'] | string {
  if (!isObject(raw)) return 'success is missing';
  const explanation =
    typeof raw.explanation === 'string' ? cut(raw.explanation, outcomeLimits.explanation) : '';
  if (plan.success_type === 'checklist') {
    const checks = raw.checks;
    if (!isObject(checks)) return 'success.checks is missing';
    const items = checklistItems(plan.success_criteria).map((criterion, i) => ({
      criterion,
      met: checks[`c${i + 1}`],
    }));
    if (items.some((item) => typeof item.met !== 'boolean'))
      return 'success.checks must say true or false for every item';
    const met = items as Array<{ criterion: string; met: boolean }>;
    const all = met.every((item) => item.met);
    return { value: all, explanation, passed: all, items: met };
  }
  if (plan.success_type === 'score_1_10') {
    const value = raw.value;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 1 || value > 10)
      return 'success.value must be a score from 1 to 10';
    const score = Math.round(value);
    return { value: score, explanation, passed: score >= scoreSuccessThreshold };
  }
  if (typeof raw.value !== 'boolean') return 'success.value must be true or false';
  return { value: raw.value, explanation, passed: raw.value };
}

/**
 * The model's answer read against the plan. The answer fails (a reason) when it is not an object,
 * or the summary or success evaluation the plan asks for is missing or of the wrong type; a field
 * of the wrong type, or a choice or tag not in the plan, reads as not told (null, left out).
 */
export function readOutcome(
  plan: OutcomePlan,
  raw: unknown,
): { ok: true; value: FilledOutcome } | { ok: false; reason: string } {
  if (!isObject(raw)) return { ok: false, reason: 'it is not a JSON object' };
  let summary: string | null = null;
  if (plan.summary) {
    if (typeof raw.summary !== 'string' || !raw.summary.trim())
      return { ok: false, reason: 'summary is missing' };
    summary = cut(raw.summary, outcomeLimits.summary);
  }
  let success: FilledOutcome['success'] = null;
  if (plan.success_type) {
    const read = readSuccess(plan, raw.success);
    if (typeof read === 'string') return { ok: false, reason: read };
    success = read;
  }
  const given = isObject(raw.fields) ? raw.fields : {};
  const fields = Object.fromEntries(plan.fields.map((f) => [f.name, fieldValue(f, given[f.name])]));
  const allowed = new Map(plan.tags.map((t) => [t.toLowerCase(), t]));
  const tags = Array.isArray(raw.tags)
    ? [
        ...new Set(
          raw.tags
            .map((t) => (typeof t === 'string' ? allowed.get(t.trim().toLowerCase()) : undefined))
            .filter((t): t is string => t !== undefined),
        ),
      ]
    : [];
  return { ok: true, value: { summary, success, fields, tags } };
}
