import type { TranscriptionConsentState, VoiceChatLine } from '@parley/api-client';
import type { Db } from '../db/client';
import {
  asksOf,
  consentAnswer,
  consentStateOf,
  nextConsent,
  recordConsent,
} from '../privacy/consent';

/** Where a call stands with the transcription question (privacy/consent.ts). */
export interface CallConsent {
  /** null: not asked (the agent does not ask, or the call started before it did). */
  state: TranscriptionConsentState | null;
  /** How often the question was asked so far. */
  asks: number;
}

export const callConsentOf = (metadata: Record<string, unknown> | null | undefined) => ({
  state: consentStateOf(metadata),
  asks: asksOf(metadata),
});

/** Whether the caller's turn answers the consent question (the agent asks, no answer yet). */
export const consentPending = (agent: { transcriptionConsent: boolean }, consent: CallConsent) =>
  agent.transcriptionConsent && (consent.state === null || consent.state === 'asked');

/**
 * The caller's words as the answer to the consent question: recorded on the call (a refusal
 * removes what the call stored so far) and answered with the step's line as the worker's NDJSON
 * (its end line names the state; no message is stored for it).
 */
export async function answerConsent(
  db: Db,
  conversationId: string,
  query: string,
  consent: CallConsent,
): Promise<{ consent: CallConsent; body: string }> {
  const step = nextConsent(consentAnswer(query), consent.asks);
  await recordConsent(db, conversationId, step);
  const lines: VoiceChatLine[] = [
    { delta: step.line },
    { end: true, message_id: crypto.randomUUID(), offline: false, consent: step.state },
  ];
  return {
    consent: { state: step.state, asks: step.asks },
    body: lines.map((l) => `${JSON.stringify(l)}\n`).join(''),
  };
}

type HistoryRow = { role: string; content: string };

/**
 * The history of calls that store nothing (their caller refused transcription), in this
 * process's memory only until the call ends: the model still follows the conversation.
 */
export class UnstoredCalls {
  private readonly calls = new Map<string, HistoryRow[]>();
  constructor(
    private readonly maxCalls = 10_000,
    private readonly maxRows = 40,
  ) {}

  history(id: string): HistoryRow[] {
    return [...(this.calls.get(id) ?? [])];
  }

  /** A turn (the caller's words, if any, and the agent's). */
  add(id: string, query: string | null, answer: string) {
    let rows = this.calls.get(id);
    if (!rows) {
      if (this.calls.size >= this.maxCalls) this.calls.delete(this.calls.keys().next().value!);
      rows = [];
      this.calls.set(id, rows);
    }
    if (query) rows.push({ role: 'user', content: query });
    if (answer.trim()) rows.push({ role: 'assistant', content: answer });
    if (rows.length > this.maxRows) rows.splice(0, rows.length - this.maxRows);
  }

  drop(id: string) {
    this.calls.delete(id);
  }
}
