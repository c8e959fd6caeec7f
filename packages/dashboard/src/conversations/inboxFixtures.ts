import type { ConversationDetail, ConversationSummary } from '@parley/api-client';

/** Story and test fixtures of the inbox, typed by the contract. */
export const me = { userId: 'user_ada', name: 'Ada Lovelace' };
export const colleague = {
  user_id: 'user_grace',
  name: 'Grace Hopper',
  since: '2026-11-26T09:10:00Z',
};

const base = {
  organization_id: 'org_1',
  agent_address: null,
  held_by: null,
  unread: false,
} as const;

export const fixtureSummaries: ConversationSummary[] = [
  {
    ...base,
    id: 'conv_chat_1',
    agent_id: 'clinic_1',
    agent_name: 'Clinic',
    channel: 'chat',
    end_user: 'visitor-4f2a',
    status: 'open',
    created_at: '2026-11-26T09:00:00Z',
    updated_at: '2026-11-26T09:14:00Z',
    message_count: 4,
    last_message: {
      author: 'visitor',
      text: 'Can I move my appointment to Friday afternoon?',
      created_at: '2026-11-26T09:14:00Z',
    },
    unread: true,
  },
  {
    ...base,
    id: 'conv_sms_1',
    agent_id: 'clinic_1',
    agent_name: 'Clinic',
    channel: 'sms',
    end_user: '+14155550123',
    agent_address: '+14155550100',
    status: 'held',
    held_by: colleague,
    created_at: '2026-11-26T08:30:00Z',
    updated_at: '2026-11-26T09:12:00Z',
    message_count: 6,
    last_message: {
      author: 'member',
      text: 'I have booked you in.',
      created_at: '2026-11-26T09:12:00Z',
    },
  },
  {
    ...base,
    id: 'conv_voice_1',
    agent_id: 'sales_2',
    agent_name: 'Sales',
    channel: 'voice',
    end_user: '+442071838750',
    status: 'ended',
    created_at: '2026-11-26T07:00:00Z',
    updated_at: '2026-11-26T07:02:07Z',
    message_count: 8,
    last_message: { author: 'agent', text: 'Goodbye!', created_at: '2026-11-26T07:02:07Z' },
  },
  {
    ...base,
    id: 'conv_mail_1',
    agent_id: 'sales_2',
    agent_name: 'Sales',
    channel: 'email',
    end_user: 'buyer@example.com',
    agent_address: 'sales@example.org',
    status: 'open',
    created_at: '2026-11-25T16:00:00Z',
    updated_at: '2026-11-25T16:05:00Z',
    message_count: 2,
    last_message: {
      author: 'agent',
      text: 'Thanks for your interest, the price list is attached.',
      created_at: '2026-11-25T16:05:00Z',
    },
  },
];

/** Forty conversations (dense data: a long list with more pages). */
export const denseSummaries: ConversationSummary[] = Array.from({ length: 40 }, (_, i) => {
  const template = fixtureSummaries[i % fixtureSummaries.length]!;
  const at = new Date(Date.parse('2026-11-26T09:14:00Z') - i * 7 * 60_000).toISOString();
  return {
    ...template,
    id: `conv_dense_${i}`,
    end_user: `${template.end_user}-${i}`,
    updated_at: at,
    unread: i % 3 === 0,
    last_message: template.last_message ? { ...template.last_message, created_at: at } : null,
  };
});

const m = (over: Partial<ConversationDetail['messages'][number]>) => ({
  id: 'm',
  author: 'visitor' as const,
  member_name: null,
  text: '',
  created_at: '2026-11-26T09:00:00Z',
  offline: false,
  error: null,
  delivery_status: null,
  latency_ms: null,
  llm_ttft_ms: null,
  email_subject: null,
  passages: [],
  ...over,
});

export const chatThread: ConversationDetail = {
  ...fixtureSummaries[0]!,
  call: null,
  messages: [
    m({ id: 'm1', text: 'Hello, what are your opening hours?' }),
    m({
      id: 'm2',
      author: 'agent',
      text: 'We are open 8am to 6pm, Monday to Friday.',
      created_at: '2026-11-26T09:00:02Z',
      latency_ms: 820,
      llm_ttft_ms: 310,
      agent_version: 2,
      passages: [
        { source: 'Opening hours.md', excerpt: 'The clinic is open 8am–6pm on weekdays.' },
      ],
    }),
    m({
      id: 'm3',
      text: 'And at the weekend?',
      created_at: '2026-11-26T09:01:00Z',
    }),
    m({
      id: 'm4',
      author: 'agent',
      text: 'I could not find that in my notes.',
      created_at: '2026-11-26T09:01:02Z',
      offline: true,
    }),
    m({
      id: 'm5',
      text: 'Can I move my appointment to Friday afternoon?',
      created_at: '2026-11-26T09:14:00Z',
    }),
  ],
};

export const heldByMeThread: ConversationDetail = {
  ...chatThread,
  status: 'held',
  held_by: { user_id: me.userId, name: me.name, since: '2026-11-26T09:15:00Z' },
  messages: [
    ...chatThread.messages,
    m({
      id: 'm6',
      author: 'member',
      member_name: me.name,
      text: 'Hi, this is Ada from the front desk: Friday at 3pm works.',
      created_at: '2026-11-26T09:16:00Z',
    }),
  ],
};

export const heldByOtherThread: ConversationDetail = {
  ...fixtureSummaries[1]!,
  call: null,
  messages: [
    m({ id: 's1', text: 'Is there parking?', created_at: '2026-11-26T08:30:00Z' }),
    m({
      id: 's2',
      author: 'agent',
      text: 'Yes, behind the building.',
      created_at: '2026-11-26T08:30:03Z',
      delivery_status: 'delivered',
    }),
    m({
      id: 's3',
      author: 'member',
      member_name: colleague.name,
      text: 'I have booked you in.',
      created_at: '2026-11-26T09:12:00Z',
      delivery_status: 'failed',
      error: 'The carrier rejected the message',
    }),
  ],
};

export const callThread: ConversationDetail = {
  ...fixtureSummaries[2]!,
  call: { duration_s: 127, ended_by: 'Caller', end_reason: 'caller_hung_up' },
  messages: [
    m({
      id: 'v1',
      author: 'agent',
      text: 'Hello, Sales here.',
      created_at: '2026-11-26T07:00:01Z',
    }),
    m({ id: 'v2', text: 'What does the premium plan cost?', created_at: '2026-11-26T07:00:08Z' }),
    m({
      id: 'v3',
      author: 'agent',
      text: 'It is 49 dollars a month.',
      created_at: '2026-11-26T07:00:10Z',
      latency_ms: 940,
      llm_ttft_ms: 420,
    }),
  ],
};

export const emailThread: ConversationDetail = {
  ...fixtureSummaries[3]!,
  call: null,
  messages: [
    m({
      id: 'e1',
      text: 'Could you send me your prices?',
      created_at: '2026-11-25T16:00:00Z',
      email_subject: 'Price list',
    }),
    m({
      id: 'e2',
      author: 'agent',
      text: 'Thanks for your interest, the price list is attached.',
      created_at: '2026-11-25T16:05:00Z',
      email_subject: 'Re: Price list',
      delivery_status: 'sent',
    }),
  ],
};
