import type { AgentAnalytics, ConversationChannelName } from '@parley/api-client';

const hour = 3600_000;
const day = 24 * hour;

/** A week of figures: a few conversations a day on chat, voice and SMS. */
export function fixtureAnalytics(options: { dense?: boolean } = {}): AgentAnalytics {
  const to = Date.parse('2026-11-25T13:20:00.000Z');
  const from = Math.floor((to - 7 * day) / hour) * hour;
  const channels: ConversationChannelName[] = options.dense
    ? ['chat', 'voice', 'sms', 'whatsapp', 'email']
    : ['chat', 'voice', 'sms'];
  const series: AgentAnalytics['series'] = [];
  for (let d = 0; d < 8; d++) {
    const at = new Date(Math.floor(from / day) * day + d * day).toISOString();
    channels.forEach((channel, i) => {
      const conversations = options.dense ? 300 + ((d * 97 + i * 53) % 400) : ((d + i) % 4) + 1;
      series.push({ at, channel, conversations, messages: conversations * (4 + ((d + i) % 5)) });
    });
  }
  const count = (k: 'conversations' | 'messages') => series.reduce((t, r) => t + r[k], 0);
  const answers = Math.round(count('messages') / 2);
  const unanswered = Array.from({ length: options.dense ? 20 : 3 }, (_, i) => ({
    conversation_id: `conv-${i}`,
    question: [
      'Do you deliver on Sundays?',
      'Can I pay with a voucher?',
      'Is there parking near the shop?',
    ][i % 3]!,
    reason: (['no_passages', 'offline', 'error'] as const)[i % 3]!,
    created_at: new Date(to - i * 2 * hour).toISOString(),
  }));
  return {
    agent_id: 'front-desk',
    period: '7d',
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    bucket: 'day',
    totals: {
      conversations: count('conversations'),
      messages: count('messages'),
      agent_answers: answers,
      answered_without_error: answers - 3,
      answered_share: (answers - 3) / answers,
    },
    series,
    handoffs: {
      total: 3,
      by_member: [
        { user_id: 'u1', name: 'Ada Lovelace', count: 2 },
        { user_id: 'u2', name: 'Grace Hopper', count: 1 },
      ],
    },
    model_ttft_ms: { p50: 412, p95: 1180 },
    voice_latency_ms: { p50: 780, p95: 1420 },
    calls: {
      count: 9,
      duration_s: { total: 1624, p50: 142, p95: 410 },
      end_reasons: [
        { reason: 'caller', count: 6 },
        { reason: 'max_duration', count: 2 },
        { reason: 'error', count: 1 },
      ],
    },
    knowledge: {
      most_retrieved: [
        {
          segment_id: 's1',
          document: 'Opening hours.md',
          excerpt: 'We open at 8:00 on weekdays…',
          hits: 41,
        },
        {
          segment_id: 's2',
          document: 'Parking.md',
          excerpt: 'Parking is free after 18:00…',
          hits: 12,
        },
      ],
      never_retrieved: [
        { segment_id: 's3', document: 'History.md', excerpt: 'The bakery was founded in 1921…' },
      ],
      never_retrieved_count: 1,
    },
    unanswered,
    handoff_requests: {
      total: 6,
      by_agent: 4,
      by_visitor: 2,
      share: 6 / count('conversations'),
      time_to_person_s: { p50: 95, p95: 1260 },
      by_day: [0, 2, 3, 6].map((d, i) => ({
        day: new Date(Math.floor(from / day) * day + d * day).toISOString(),
        requests: [1, 2, 1, 2][i]!,
        conversations: [1, 2, 1, 2][i]!,
        share: [0.2, 0.4, 0.25, 0.33][i]!,
        time_to_person_s: { p50: [60, 95, 300, 40][i]!, p95: [60, 1260, 300, 80][i]! },
      })),
    },
  };
}

/** A period with nothing in it. */
export function emptyAnalytics(): AgentAnalytics {
  const a = fixtureAnalytics();
  return {
    ...a,
    totals: {
      conversations: 0,
      messages: 0,
      agent_answers: 0,
      answered_without_error: 0,
      answered_share: null,
    },
    series: [],
    handoffs: { total: 0, by_member: [] },
    model_ttft_ms: { p50: null, p95: null },
    voice_latency_ms: { p50: null, p95: null },
    calls: { count: 0, duration_s: { total: 0, p50: null, p95: null }, end_reasons: [] },
    knowledge: { most_retrieved: [], never_retrieved: [], never_retrieved_count: 0 },
    unanswered: [],
    handoff_requests: {
      total: 0,
      by_agent: 0,
      by_visitor: 0,
      share: null,
      time_to_person_s: { p50: null, p95: null },
      by_day: [],
    },
  };
}
