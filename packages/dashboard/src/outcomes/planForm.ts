import {
  ApiError,
  outcomeLimits,
  outcomePlanSchema,
  type OutcomeFieldType,
  type OutcomePlan,
  type OutcomePlanInput,
  type OutcomeSuccessType,
} from '@parley/api-client';

/**
 * The Outcomes section's plain logic (docs/outcomes.md): the plan as the editor's form, the form
 * checked with the contract's own schema (the server checks the same), and a refusal's fields.
 * No React here.
 */

/** One typed field as the form edits it; `choices` one a line (an enum's). */
export interface FieldForm {
  /** A stable key for the list (not sent). */
  key: string;
  name: string;
  type: OutcomeFieldType;
  description: string;
  choices: string;
}

export interface PlanForm {
  summary: boolean;
  successType: OutcomeSuccessType | 'none';
  criteria: string;
  fields: FieldForm[];
  /** Comma-separated. */
  tags: string;
}

/** Problems by the plan's wire path ('success_criteria', 'fields.0.name', 'tags' …). */
export type PlanErrors = Record<string, string>;

export const successTypeLabels: Record<PlanForm['successType'], string> = {
  none: 'No success evaluation',
  pass_fail: 'Pass / fail',
  score_1_10: 'Score 1–10',
  checklist: 'Checklist',
};

export const fieldTypeLabels: Record<OutcomeFieldType, string> = {
  string: 'Text',
  number: 'Number',
  boolean: 'Yes / no',
  enum: 'One of a list',
};

export const outcomesTexts = {
  heading: 'Outcomes',
  intro:
    'When a conversation ends (a call hangs up, a chat goes quiet or is closed), the agent’s model fills this plan and the outcome is stored beside the conversation: the inbox shows it, webhooks receive it (analysis.completed) and Analytics counts it.',
  draftNote:
    'The plan is part of the agent’s settings: it is saved to the draft and used on the channels once you publish.',
  summary: 'Summary',
  summaryHint: 'Two or three sentences: what the person wanted and what happened.',
  successType: 'Success evaluation',
  criteria: 'What success means',
  criteriaHint: 'In plain words, e.g. “The customer booked a table or was told why not.”',
  checklistHint: 'One item a line (at most 20); success is every item met.',
  fields: 'Fields',
  fieldsHint:
    'What to pull out of each conversation (at most 20): a name in snake_case and a type.',
  noFields: 'No fields yet.',
  addField: 'Add field',
  fieldName: 'Name',
  fieldType: 'Type',
  fieldDescription: 'Description',
  choices: 'Choices',
  choicesHint: 'One a line.',
  removeField: (name: string) => `Remove field ${name || 'without a name'}`,
  tags: 'Tags',
  tagsHint: 'The tags the model may choose from, separated by commas.',
  saveStatus: 'Outcome plan save status',
  loading: 'Loading the outcome plan...',
  loadFailed: 'The outcome plan could not be loaded',
  readOnly: 'Read-only: choose Edit to change the plan.',
} as const;

let nextKey = 0;
const newKey = () => `field-${++nextKey}`;

export function emptyFieldForm(): FieldForm {
  return { key: newKey(), name: '', type: 'string', description: '', choices: '' };
}

/** The plan as the form shows it. */
export function formFromPlan(plan: OutcomePlan): PlanForm {
  return {
    summary: plan.summary,
    successType: plan.success_type ?? 'none',
    criteria: plan.success_criteria,
    fields: plan.fields.map((f) => ({
      key: newKey(),
      name: f.name,
      type: f.type,
      description: f.description,
      choices: (f.enum ?? []).join('\n'),
    })),
    tags: plan.tags.join(', '),
  };
}

const list = (text: string, separator: RegExp) =>
  text
    .split(separator)
    .map((s) => s.trim())
    .filter(Boolean);

/** The form as the PUT body (before checking). */
export function planInputOf(form: PlanForm): OutcomePlanInput {
  return {
    summary: form.summary,
    success_type: form.successType === 'none' ? null : form.successType,
    success_criteria: form.successType === 'none' ? '' : form.criteria.trim(),
    fields: form.fields.map((f) => ({
      name: f.name.trim(),
      type: f.type,
      description: f.description.trim(),
      ...(f.type === 'enum' ? { enum: list(f.choices, /\r?\n|,/) } : {}),
    })),
    tags: list(form.tags, /,/),
  };
}

/** Problems by path from zod-like issues (the first of each path). */
function byPath(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): PlanErrors {
  const errors: PlanErrors = {};
  for (const issue of issues) {
    const path = issue.path.length ? issue.path.map(String).join('.') : 'plan';
    errors[path] ??= issue.message;
  }
  return errors;
}

/** The form checked with the contract's schema: the body to send, or the problems by path. */
export function planFromForm(
  form: PlanForm,
): { ok: true; plan: OutcomePlanInput } | { ok: false; errors: PlanErrors } {
  const input = planInputOf(form);
  const parsed = outcomePlanSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: byPath(parsed.error.issues) };
  return { ok: true, plan: input };
}

/** A refusal's fields (the server's 400 names them), else none. */
export function serverPlanErrors(error: unknown): PlanErrors {
  if (!(error instanceof ApiError)) return {};
  const issues = (error.body as { issues?: Array<{ field?: string; message?: string }> } | null)
    ?.issues;
  const errors: PlanErrors = {};
  for (const issue of issues ?? [])
    if (issue.field && issue.message) errors[issue.field] ??= issue.message;
  return errors;
}

/** Whether another field may be added. */
export const canAddField = (form: PlanForm) => form.fields.length < outcomeLimits.fields;

/** Whether the form says the same as the stored plan (nothing to save). */
export function sameAsPlan(form: PlanForm, plan: OutcomePlan | null | undefined): boolean {
  if (!plan) return false;
  const parsed = outcomePlanSchema.safeParse(planInputOf(form));
  return parsed.success && JSON.stringify(parsed.data) === JSON.stringify(plan);
}

/** 'Field 2 name', 'What success means', 'Tags' … for a problem's path (the status strip). */
export function errorPathLabel(path: string): string {
  const [head, index, key] = path.split('.');
  if (head === 'fields' && index !== undefined) {
    const n = Number(index) + 1;
    const part = key === 'enum' ? 'choices' : key === 'name' || !key ? 'name' : key;
    return key ? `Field ${n} ${part}` : `Field ${n}`;
  }
  if (head === 'success_criteria') return outcomesTexts.criteria;
  if (head === 'success_type') return outcomesTexts.successType;
  if (head === 'fields') return outcomesTexts.fields;
  if (head === 'tags') return outcomesTexts.tags;
  if (head === 'summary') return outcomesTexts.summary;
  return 'The plan';
}

/** Where the plan's autosave stands: 'saving', 'saved', 'blocked' (a field cannot be saved) … */
export type PlanSaveState = 'idle' | 'dirty' | 'saving' | 'saved' | 'blocked' | 'error';

/**
 * The Outcomes section's status strip, like the editor's: 'Ready', 'Unsaved changes',
 * 'Auto-saving...', 'All changes saved', 'Not saved: {field}: {reason}' or 'Save failed: {why}'.
 */
export function planSaveStatus(input: {
  errors: PlanErrors;
  saving: boolean;
  dirty: boolean;
  saved: boolean;
  failure: string | null;
}): { state: PlanSaveState; text: string } {
  const first = Object.entries(input.errors)[0];
  if (first)
    return { state: 'blocked', text: `Not saved: ${errorPathLabel(first[0])}: ${first[1]}` };
  if (input.saving) return { state: 'saving', text: 'Auto-saving...' };
  if (input.failure) return { state: 'error', text: `Save failed: ${input.failure}` };
  if (input.dirty) return { state: 'dirty', text: 'Unsaved changes' };
  if (input.saved) return { state: 'saved', text: 'All changes saved to the draft' };
  return { state: 'idle', text: 'Ready' };
}

/** How long after the last change the plan is saved (ms), as the editor's local settings. */
export const planAutosaveDelayMs = 1000;
