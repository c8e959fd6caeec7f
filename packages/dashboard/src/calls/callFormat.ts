import type { VoiceCall, VoiceCallTurn } from '@parley/api-client';

/**
 * How the console's Calls section words a call (issue 14 §5): plain functions, unit-tested.
 */
export const callTexts = {
  heading: 'Calls',
  loading: 'Loading calls...',
  loadFailed: 'Failed to load calls',
  retry: 'Retry',
  empty: 'No calls yet',
  emptyHint:
    "Calls from Talk to Agent, the voice widget and the agent's phone numbers appear here, newest first.",
  open: 'Open',
  back: 'All calls',
  transcript: 'Transcript',
  transcriptLoading: 'Loading transcript...',
  transcriptFailed: 'Failed to load the call',
  noTurns: 'Nothing was said on this call.',
  inProgress: 'In progress',
  offlineVoice: 'Offline voice',
  offlineVoiceNote:
    'Offline voice: this call used the local voice (espeak-ng) or transcriber (pocketsphinx) because the chosen provider has no API key.',
  offlineAnswer: 'Offline responder',
  caller: 'Caller',
  agent: 'Agent',
} as const;

const sourceLabels: Record<NonNullable<VoiceCall['source']>, string> = {
  browser: 'Browser',
  widget: 'Widget',
  phone: 'Phone',
};

/** Browser (console Talk to Agent), Widget or Phone; older LiveKit calls read 'Browser or widget'. */
export function callSourceLabel(call: Pick<VoiceCall, 'source' | 'transport'>): string {
  if (call.source) return sourceLabels[call.source];
  if (call.transport === 'phone') return sourceLabels.phone;
  if (call.transport === 'livekit') return 'Browser or widget';
  return 'Unknown';
}

/** m:ss like the Max Call Duration box (h:mm:ss from an hour); 'In progress' while running. */
export function formatCallDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return callTexts.inProgress;
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The start time in the reader's locale (date and time, short). */
export function formatCallStart(iso: string, options: { locale?: string; timeZone?: string } = {}) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(options.locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: options.timeZone,
  }).format(date);
}

const endedByLabels: Record<string, string> = {
  caller: 'Caller hung up',
  agent: 'Agent ended the call',
  max_duration: 'Max call duration reached',
  nudges: 'No reply after the nudges',
  error: 'Error',
};

/** Who ended the call and why: `who` is always set; `why` is the worker's reason when it gave one. */
export function callEndText(call: Pick<VoiceCall, 'ended_at' | 'ended_by' | 'end_reason'>): {
  who: string;
  why: string | null;
} {
  if (!call.ended_at) return { who: callTexts.inProgress, why: null };
  const who = call.ended_by ? (endedByLabels[call.ended_by] ?? call.ended_by) : 'Ended';
  const why = call.end_reason?.trim() || null;
  return { who, why };
}

/** '812 ms' under a second, '1.2 s' from a second; null when not measured. */
export function formatLatency(ms: number | null | undefined): string | null {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return null;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}

export interface LatencyFigure {
  label: string;
  value: string;
  /** What the figure measures (a tooltip / accessible description). */
  hint: string;
}

/** The figures the framework measured for one agent answer, in reading order. */
export function latencyFigures(
  turn: Pick<VoiceCallTurn, 'latency_ms' | 'llm_ttft_ms' | 'tts_ttfb_ms'>,
): LatencyFigure[] {
  const figures: Array<[string, number | null, string]> = [
    ['Response', turn.latency_ms, "End of the caller's speech to the agent's first audio"],
    ['Model', turn.llm_ttft_ms, "The model's time to first token"],
    ['Voice', turn.tts_ttfb_ms, "The voice's time to first audio"],
  ];
  return figures.flatMap(([label, ms, hint]) => {
    const value = formatLatency(ms);
    return value ? [{ label, value, hint }] : [];
  });
}

const kindLabels: Record<string, string> = {
  initial_message: 'Initial message',
  nudge: 'Nudge',
  goodbye: 'Goodbye',
  notice: 'Notice',
};

/** A tag for agent utterances outside the model (initial message, nudge, goodbye); null for answers. */
export function turnKindLabel(kind: string | null): string | null {
  if (!kind || kind === 'answer') return null;
  return kindLabels[kind] ?? kind;
}

/** The median response latency of a call's answers (what the transcript header shows), or null. */
export function medianLatency(turns: ReadonlyArray<Pick<VoiceCallTurn, 'latency_ms'>>) {
  const values = turns
    .map((t) => t.latency_ms)
    .filter((v): v is number => typeof v === 'number' && Number.isFinite(v))
    .sort((a, b) => a - b);
  if (values.length === 0) return null;
  const mid = Math.floor(values.length / 2);
  return values.length % 2 ? values[mid]! : (values[mid - 1]! + values[mid]!) / 2;
}

/** How often the Calls section asks again while a call in it is still running (ms). */
export const runningCallRefreshMs = 5000;

/**
 * The list (or one call) asks again every `runningCallRefreshMs` while a call has not ended, so a
 * phone call or a Talk to Agent call shows its end and transcript without a reload; else never.
 */
export function callsRefetchInterval(
  calls: ReadonlyArray<Pick<VoiceCall, 'ended_at'>> | undefined,
): number | false {
  return calls?.some((c) => !c.ended_at) ? runningCallRefreshMs : false;
}
