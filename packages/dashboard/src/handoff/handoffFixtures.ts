import type { ConversationDetail, ConversationSummary, Handoff } from '@parley/api-client';

/** Story and test fixtures of handoff to people, typed by the contract. */
export const fixtureNow = Date.parse('2026-11-26T10:00:00Z');
const minutesAgo = (m: number) => new Date(fixtureNow - m * 60_000).toISOString();

export function fixtureHandoff(overrides: Partial<Handoff> = {}): Handoff {
  return {
    id: 'handoff_1',
    reason: 'The visitor wants to move a surgery date',
    summary:
      'The visitor has a knee surgery booked on Monday and wants to move it to next week. The agent could not see the surgery calendar.',
    summary_source: 'model',
    source: 'agent',
    requested_at: minutesAgo(4),
    in_hours: true,
    taken_at: null,
    taken_by: null,
    first_reply_at: null,
    transferred_to: null,
    ...overrides,
  };
}

function waiting(
  id: string,
  minutes: number,
  summary: Partial<ConversationSummary>,
  handoff: Partial<Handoff> = {},
): ConversationSummary {
  return {
    id,
    organization_id: 'org_1',
    agent_id: 'clinic_1',
    agent_name: 'Clinic',
    channel: 'chat',
    end_user: 'visitor-4f2a',
    agent_address: null,
    status: 'needs_human',
    held_by: null,
    created_at: minutesAgo(minutes + 3),
    updated_at: minutesAgo(minutes),
    message_count: 3,
    last_message: {
      author: 'agent',
      text: 'A member of the team will reply here shortly',
      created_at: minutesAgo(minutes),
    },
    unread: true,
    handoff: fixtureHandoff({ id: `h_${id}`, requested_at: minutesAgo(minutes), ...handoff }),
    ...summary,
  };
}

/** Three waiting, the longest first: one out of hours overnight, one by the visitor, one fresh. */
export const waitingFixtures: ConversationSummary[] = [
  waiting(
    'conv_wait_1',
    9 * 60 + 5,
    { channel: 'sms', end_user: '+14155550123', agent_address: '+14155550100' },
    {
      in_hours: false,
      reason: 'Billing question about an invoice',
      summary_source: 'last_messages',
      summary: 'Visitor: My invoice is wrong\nAgent: I have asked a colleague to help you.',
    },
  ),
  waiting(
    'conv_wait_2',
    12,
    { end_user: 'visitor-9c1d' },
    { source: 'visitor', reason: 'The visitor asked to talk to a person' },
  ),
  waiting('conv_wait_3', 2, {
    channel: 'whatsapp',
    end_user: '+447700900123',
    agent_name: 'Sales',
    agent_id: 'sales_2',
  }),
];

/** Only fresh requests (no long wait). */
export const freshWaiting: ConversationSummary[] = waitingFixtures.slice(2);

/** A thread that asked for a person, as the member who takes it over sees it. */
export const waitingThread: ConversationDetail = {
  ...waitingFixtures[1]!,
  call: null,
  messages: [
    {
      id: 'm1',
      author: 'visitor',
      member_name: null,
      text: 'Can I move my surgery to next week?',
      created_at: minutesAgo(15),
      offline: false,
      error: null,
      delivery_status: null,
      latency_ms: null,
      llm_ttft_ms: 420,
      email_subject: null,
      passages: [],
    },
    {
      id: 'm2',
      author: 'agent',
      member_name: null,
      text: 'I cannot change surgery dates myself. A member of the team will reply here shortly',
      created_at: minutesAgo(12),
      offline: false,
      error: null,
      delivery_status: null,
      latency_ms: null,
      llm_ttft_ms: 380,
      email_subject: null,
      passages: [],
    },
  ],
};
