import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { handoffs } from '../db/schema';
export { handoffTransferred } from './store';

/** The call's open request being put through to `number` (request_human on a call), or null. */
export async function transferringHandoff(db: Db, conversationId: string, number: string) {
  const [row] = await db
    .select({
      id: handoffs.id,
      reason: handoffs.reason,
      summary: handoffs.summary,
      summarySource: handoffs.summarySource,
    })
    .from(handoffs)
    .where(
      and(
        eq(handoffs.conversationId, conversationId),
        isNull(handoffs.closedAt),
        eq(handoffs.transferredTo, number),
      ),
    )
    .limit(1);
  return row ?? null;
}

type WhisperSource = { reason: string; summary: string; summarySource: string };

/**
 * The whisper's one line, at most 200 characters: the first sentence of the model's summary when
 * it is ready, else why the caller asked for a person.
 */
export function whisperText(handoff: WhisperSource): string {
  const summary =
    handoff.summarySource === 'model'
      ? (/^[^.!?]*[.!?]?/.exec(handoff.summary.replace(/\s+/g, ' ').trim())?.[0] ?? '')
      : '';
  const first =
    summary || handoff.reason.replace(/\s+/g, ' ').trim() || 'A caller asked for a person';
  const line = `Parley: a caller needs a person. ${first.replace(/[.!?]*$/, '')}.`;
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/** The whisper for the provider: its text, and where Twilio fetches it (with PUBLIC_URL). */
export function whisperOf(handoff: WhisperSource & { id: string }, publicUrl: string | null) {
  return {
    text: whisperText(handoff),
    url: publicUrl
      ? `${publicUrl}/webhooks/twilio/whisper/${encodeURIComponent(handoff.id)}`
      : null,
  };
}

/** The whisper line of a request (the Twilio route reads it when the member answers). */
export async function whisperFor(db: Db, handoffId: string) {
  const [row] = await db
    .select({
      organizationId: handoffs.organizationId,
      reason: handoffs.reason,
      summary: handoffs.summary,
      summarySource: handoffs.summarySource,
    })
    .from(handoffs)
    .where(eq(handoffs.id, handoffId))
    .limit(1);
  return row ? { organizationId: row.organizationId, text: whisperText(row) } : null;
}
