import type {
  ConversationOutcome,
  OutcomeAnalytics,
  OutcomePlan,
  OutcomeRerun,
} from '@parley/api-client';

/** Outcomes as the contract shapes them, for stories and tests. */

export const bookingPlan: OutcomePlan = {
  summary: true,
  success_type: 'pass_fail',
  success_criteria: 'The customer booked a table or was told why not.',
  fields: [
    { name: 'party_size', type: 'number', description: 'How many people' },
    { name: 'wants_callback', type: 'boolean', description: 'Asked to be called back' },
    {
      name: 'topic',
      type: 'enum',
      description: 'What it was about',
      enum: ['booking', 'refund', 'other'],
    },
  ],
  tags: ['booking', 'complaint', 'callback'],
};

const base: Omit<ConversationOutcome, 'status'> = {
  conversation_id: 'c0000000-0000-4000-8000-000000000001',
  reason: null,
  summary: null,
  success: null,
  fields: {},
  tags: [],
  agent_version: 2,
  analyzed_at: '2026-11-28T10:05:00.000Z',
};

export const doneOutcome: ConversationOutcome = {
  ...base,
  status: 'done',
  summary: 'The customer booked a table for four on Friday at 8 pm.',
  success: { value: true, explanation: 'A table was booked.', passed: true },
  fields: { party_size: 4, wants_callback: false, topic: 'booking' },
  tags: ['booking'],
};

export const scoreOutcome: ConversationOutcome = {
  ...base,
  status: 'done',
  summary: 'The customer asked for a refund and was told the policy.',
  success: {
    value: 4,
    explanation: 'No refund was given; the policy was explained.',
    passed: false,
  },
  fields: { party_size: null, wants_callback: true, topic: 'refund' },
  tags: ['complaint', 'callback'],
};

export const checklistOutcome: ConversationOutcome = {
  ...base,
  status: 'done',
  summary: 'A booking was changed.',
  success: {
    value: false,
    explanation: 'The new time was not confirmed in writing.',
    passed: false,
    items: [
      { criterion: 'Greeted the customer', met: true },
      { criterion: 'Confirmed the new time', met: false },
    ],
  },
};

export const skippedOutcome: ConversationOutcome = {
  ...base,
  status: 'skipped',
  reason:
    'No model key: the agent’s provider has no API key in Integrations, so nothing was asked.',
};

export const failedOutcome: ConversationOutcome = {
  ...base,
  status: 'failed',
  reason: 'The model’s answer did not fit the plan twice (fields.party_size: must be a number).',
};

export const runningRerun: OutcomeRerun = {
  id: 'r0000000-0000-4000-8000-000000000001',
  agent_name: 'clinic_1',
  status: 'running',
  since: '2026-11-21T00:00:00.000Z',
  until: null,
  total: 40,
  done: 12,
  skipped: 3,
  failed: 1,
  agent_version: 2,
  created_at: '2026-11-28T10:00:00.000Z',
  finished_at: null,
};

export const finishedRerun: OutcomeRerun = {
  ...runningRerun,
  status: 'completed',
  done: 34,
  skipped: 4,
  failed: 2,
  finished_at: '2026-11-28T10:03:00.000Z',
};

export const outcomeAnalytics: OutcomeAnalytics = {
  agent_id: 'clinic_1',
  period: '7d',
  from: '2026-11-21T00:00:00.000Z',
  to: '2026-11-28T00:00:00.000Z',
  bucket: 'day',
  totals: { done: 30, skipped: 5, failed: 2, evaluated: 30, succeeded: 21, success_rate: 0.7 },
  success_series: [
    { at: '2026-11-25T00:00:00.000Z', evaluated: 10, succeeded: 6, rate: 0.6 },
    { at: '2026-11-26T00:00:00.000Z', evaluated: 12, succeeded: 9, rate: 0.75 },
    { at: '2026-11-27T00:00:00.000Z', evaluated: 8, succeeded: 6, rate: 0.75 },
  ],
  fields: [
    {
      name: 'topic',
      type: 'enum',
      filled: 28,
      values: [
        { value: 'booking', count: 20 },
        { value: 'refund', count: 8 },
      ],
      numbers: null,
    },
    {
      name: 'party_size',
      type: 'number',
      filled: 20,
      values: [
        { value: 2, count: 11 },
        { value: 4, count: 9 },
      ],
      numbers: { min: 2, max: 4, mean: 2.9, median: 2 },
    },
  ],
  tags: [
    { tag: 'booking', count: 20 },
    { tag: 'complaint', count: 6 },
  ],
};

export const emptyOutcomeAnalytics: OutcomeAnalytics = {
  ...outcomeAnalytics,
  totals: { done: 0, skipped: 0, failed: 0, evaluated: 0, succeeded: 0, success_rate: null },
  success_series: [],
  fields: [],
  tags: [],
};
