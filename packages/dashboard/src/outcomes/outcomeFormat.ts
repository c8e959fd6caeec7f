import {
  agentVersionName,
  type ConversationOutcome,
  type OutcomeFieldValue,
} from '@parley/api-client';

/** How an outcome reads in the inbox (docs/outcomes.md). No React here. */

export type OutcomeTone = 'success' | 'danger' | 'warning' | 'neutral' | 'info';

/** The outcome in a few words, and its tone: 'Success', 'Not a success', 'Score 7/10' … */
export function outcomeHeadline(outcome: ConversationOutcome): { text: string; tone: OutcomeTone } {
  if (outcome.status === 'failed') return { text: 'Outcome failed', tone: 'warning' };
  if (outcome.status === 'skipped') return { text: 'Not analysed', tone: 'neutral' };
  const success = outcome.success;
  if (!success || success.value === null) return { text: 'Analysed', tone: 'info' };
  if (typeof success.value === 'number')
    return {
      text: `Score ${success.value}/10`,
      tone: success.passed ? 'success' : 'danger',
    };
  return success.value
    ? { text: 'Success', tone: 'success' }
    : { text: 'Not a success', tone: 'danger' };
}

/** A field's value as a person reads it. */
export function fieldValueText(value: OutcomeFieldValue): string {
  if (value === null) return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/** 'Field name' from 'field_name'. */
export const fieldLabel = (name: string) =>
  name.charAt(0).toUpperCase() + name.slice(1).replace(/_/g, ' ');

/** Who made it and when: 'Version 2 · 28 Nov, 10:05'. */
export function outcomeByline(
  outcome: ConversationOutcome,
  options: { timeZone?: string; locale?: string } = {},
): string {
  const when = new Date(outcome.analyzed_at).toLocaleString(options.locale, {
    timeZone: options.timeZone,
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  const version = agentVersionName(outcome.agent_version);
  return [version, when].filter(Boolean).join(' · ');
}

export const outcomeTexts = {
  heading: 'Outcome',
  summary: 'Summary',
  success: 'Success',
  fields: 'Fields',
  tags: 'Tags',
  noTags: 'No tags',
  why: 'Why',
  redacted: 'Personal data in the text is replaced by placeholders (storage mode: redacted).',
  metadataOnly: 'Text not stored (storage mode: metadata only): only numbers, choices and yes/no.',
  filterLabel: 'Outcome',
  filterAll: 'All outcomes',
  filterSuccess: 'Success',
  filterFailure: 'Not a success',
  tagFilter: 'Outcome tag',
  tagPlaceholder: 'refund',
} as const;
