import type { AgentAnalytics, AnalyticsPeriod, ConversationChannelName } from '@parley/api-client';

export const analyticsPeriods: ReadonlyArray<{ value: AnalyticsPeriod; label: string }> = [
  { value: '24h', label: '24 h' },
  { value: '7d', label: '7 d' },
  { value: '30d', label: '30 d' },
];

/**
 * The version filter's choices: every version, each published one newest first (the live one is
 * the newest: a restore publishes a new number), and the console's draft tests.
 */
export function versionItems(liveVersion: number | null): Array<{ value: string; label: string }> {
  if (!liveVersion) return [];
  const numbers = Array.from({ length: liveVersion }, (_, i) => liveVersion - i);
  return [
    { value: 'all', label: 'All versions' },
    ...numbers.map((n) => ({
      value: String(n),
      label: n === liveVersion ? `Version ${n} (live)` : `Version ${n}`,
    })),
    { value: 'draft', label: 'Draft (console tests)' },
  ];
}

export const channelLabels: Record<ConversationChannelName, string> = {
  chat: 'Chat',
  voice: 'Voice',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
  email: 'E-mail',
};
const channelOrder = Object.keys(channelLabels) as ConversationChannelName[];

export type SeriesMetric = 'conversations' | 'messages';

/** One bucket of a chart: its start, a label, a count per channel present, and the total. */
export interface SeriesRow {
  at: string;
  label: string;
  total: number;
  counts: Partial<Record<ConversationChannelName, number>>;
}

const hourMs = 3600_000;
const dayMs = 24 * hourMs;

/** The bucket starts (ISO, UTC) from the period's start to its end, every one, empty or not. */
export function bucketStarts(from: string, to: string, bucket: 'hour' | 'day'): string[] {
  const step = bucket === 'hour' ? hourMs : dayMs;
  const end = Date.parse(to);
  let t = Math.floor(Date.parse(from) / step) * step;
  const out: string[] = [];
  for (; t <= end && out.length < 1000; t += step) out.push(new Date(t).toISOString());
  return out;
}

/** A bucket's label: the UTC hour for hours ('14:00'), the UTC date for days ('Nov 25'). */
export function bucketLabel(at: string, bucket: 'hour' | 'day', locale = 'en-US'): string {
  const d = new Date(at);
  return bucket === 'hour'
    ? new Intl.DateTimeFormat(locale, {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: 'UTC',
      }).format(d)
    : new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
        d,
      );
}

/**
 * A moment as every line of the Analytics section says it ('Nov 21, 2026, 19:00 UTC'): one
 * format for the period's start and for each unanswered question (the charts' buckets say 'Nov 21'
 * or '14:00' of the same clock).
 */
export function formatUtc(iso: string, locale = 'en-US'): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(d)} UTC`;
}

/** The channels with any figure in the period, in a fixed order (the charts' series). */
export function channelsOf(a: Pick<AgentAnalytics, 'series'>): ConversationChannelName[] {
  const present = new Set(a.series.map((r) => r.channel));
  return channelOrder.filter((c) => present.has(c));
}

/** The chart's rows: every bucket of the period (zero-filled), a count per channel and the total. */
export function seriesRows(
  a: Pick<AgentAnalytics, 'series' | 'from' | 'to' | 'bucket'>,
  metric: SeriesMetric,
  locale = 'en-US',
): SeriesRow[] {
  const channels = channelsOf(a);
  const byBucket = new Map<number, SeriesRow>();
  const rows = bucketStarts(a.from, a.to, a.bucket).map((at) => {
    const row: SeriesRow = {
      at,
      label: bucketLabel(at, a.bucket, locale),
      total: 0,
      counts: Object.fromEntries(channels.map((c) => [c, 0])),
    };
    byBucket.set(Date.parse(at), row);
    return row;
  });
  for (const r of a.series) {
    const row = byBucket.get(Date.parse(r.at));
    if (!row) continue;
    row.counts[r.channel] = (row.counts[r.channel] ?? 0) + r[metric];
    row.total += r[metric];
  }
  return rows;
}

/** Totals per channel over the period (messages add up; conversations per bucket do not). */
export function channelTotals(
  a: Pick<AgentAnalytics, 'series'>,
): Array<{ channel: ConversationChannelName; messages: number }> {
  return channelsOf(a).map((channel) => ({
    channel,
    messages: a.series.filter((r) => r.channel === channel).reduce((t, r) => t + r.messages, 0),
  }));
}

export function formatMs(v: number | null): string {
  if (v === null) return '—';
  return v < 1000 ? `${Math.round(v)} ms` : `${(v / 1000).toFixed(2)} s`;
}

export function formatShare(share: number | null): string {
  if (share === null) return '—';
  const pct = share * 100;
  return `${pct === 100 || pct === 0 ? pct.toFixed(0) : pct.toFixed(1)}%`;
}

export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  return h ? `${h} h ${m} min` : rest ? `${m} min ${rest} s` : `${m} min`;
}

export const endReasonLabels: Record<string, string> = {
  caller: 'Caller hung up',
  agent: 'Agent ended the call',
  max_duration: 'Max call duration reached',
  nudges: 'No answer to the nudges',
  error: 'Error',
  'in progress': 'In progress',
  unknown: 'Unknown',
};
export const endReasonLabel = (reason: string) => endReasonLabels[reason] ?? reason;

export const unansweredReasonLabels: Record<
  AgentAnalytics['unanswered'][number]['reason'],
  string
> = {
  error: 'The answer failed',
  offline: 'Offline responder',
  no_passages: 'No knowledge passage found',
};

/** What 'Add to knowledge' copies: the question, ready to be answered in a Text Content document. */
export function knowledgeDraft(question: string): string {
  return `Q: ${question.trim()}\nA: `;
}
