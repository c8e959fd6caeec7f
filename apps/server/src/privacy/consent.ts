import { eq, sql } from 'drizzle-orm';
import {
  consentAgainLine,
  consentGivenLine,
  consentRefusedLine,
  transcriptionConsentValues,
  type TranscriptionConsentState,
} from '@parley/api-client';
import type { Db } from '../db/client';
import { conversations, messages } from '../db/schema';

/** What a caller's words say to "May this call be transcribed?". */
export type ConsentAnswer = 'yes' | 'no' | 'unclear';

/** Phrases that agree although they hold a "no" ("no problem"). */
const agreeingNo = [
  /\bno (problem|problems|worries|issue|issues|objection|objections)\b/g,
  /\bnot a problem\b/g,
  /\bi don'?t mind\b/g,
  /\bdo not mind\b/g,
  /\bdon'?t mind\b/g,
  /\bwhy not\b/g,
];
const refusing = new Set([
  'no',
  'nope',
  'nah',
  'not',
  "don't",
  'dont',
  "didn't",
  "won't",
  'refuse',
  'refused',
  'decline',
  'declined',
  'negative',
  'never',
  'stop',
  'nein',
  'non',
  'nee',
]);
const agreeing = new Set([
  'yes',
  'yeah',
  'yep',
  'yup',
  'sure',
  'ok',
  'okay',
  'fine',
  'agree',
  'agreed',
  'consent',
  'course',
  'absolutely',
  'alright',
  'certainly',
  'definitely',
  'go',
  'ja',
  'oui',
  'si',
  'sí',
  'da',
  'mind',
  'problem',
  'worries',
  'objection',
]);

/**
 * The caller's answer to the consent question: any refusing word makes it a no (a refusal is the
 * safe side: nothing is stored), agreeing words a yes, anything else unclear. Plain words only:
 * the transcriber's text of a short answer.
 */
export function consentAnswer(text: string): ConsentAnswer {
  let t = ` ${text.toLowerCase().replace(/[’‘]/g, "'")} `;
  let agreed = false;
  for (const phrase of agreeingNo) {
    const next = t.replace(phrase, ' ');
    if (next !== t) agreed = true;
    t = next;
  }
  const words = t.split(/[^\p{L}']+/u).filter(Boolean);
  if (words.some((w) => refusing.has(w))) return 'no';
  if (agreed || words.some((w) => agreeing.has(w))) return 'yes';
  return 'unclear';
}

/** A call's consent state as its conversation's metadata keeps it (null: not asked). */
export function consentStateOf(
  metadata: Record<string, unknown> | null | undefined,
): TranscriptionConsentState | null {
  const v = metadata?.transcription_consent;
  return typeof v === 'string' && (transcriptionConsentValues as readonly string[]).includes(v)
    ? (v as TranscriptionConsentState)
    : null;
}

/** How many times the question is asked before an unclear answer counts as a no. */
export const consentAsks = 2;

/**
 * The consent step after an answer: `asks` is how often the question was asked so far (1 at
 * the call's start). Unclear is asked again once, then taken as a refusal (nothing stored).
 */
export function nextConsent(
  answer: ConsentAnswer,
  asks: number,
): { state: TranscriptionConsentState; line: string; asks: number } {
  if (answer === 'yes') return { state: 'given', line: consentGivenLine, asks };
  if (answer === 'no' || asks >= consentAsks)
    return { state: 'refused', line: consentRefusedLine, asks };
  return { state: 'asked', line: consentAgainLine, asks: asks + 1 };
}

/**
 * Records the caller's answer on the call's conversation. A refusal removes everything the call
 * stored so far (the disclosure and the question) in the same transaction: from then on nothing
 * of the call is stored, and its row keeps only its timings.
 */
export async function recordConsent(
  db: Db,
  conversationId: string,
  step: { state: TranscriptionConsentState; asks: number },
): Promise<void> {
  const patch = JSON.stringify({
    transcription_consent: step.state,
    transcription_consent_asks: step.asks,
    transcription_consent_at: new Date().toISOString(),
  });
  await db.transaction(async (tx) => {
    await tx
      .update(conversations)
      .set({ metadata: sql`${conversations.metadata} || ${patch}::jsonb` })
      .where(eq(conversations.id, conversationId));
    if (step.state === 'refused')
      await tx.delete(messages).where(eq(messages.conversationId, conversationId));
  });
}

/** How often the question was asked on the call so far (1: at its start). */
export const asksOf = (metadata: Record<string, unknown> | null | undefined) =>
  Math.max(1, Number(metadata?.transcription_consent_asks ?? 1) || 1);
