import { sql } from 'drizzle-orm';
import { handoffNotice, handoffWaitingAck } from '@parley/api-client';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { openNow } from './hoursStore';

/** The live request of a conversation waiting for a person (no member has it yet). */
export const waitingSql = (conversationId: unknown) => sql`EXISTS (SELECT 1 FROM handoffs ho
  WHERE ho.conversation_id = ${conversationId} AND ho.closed_at IS NULL AND ho.taken_at IS NULL)`;

/**
 * The check a call's turn makes before its agent answers: a member holds the call, or it waits
 * for a person (request_human took a message). Either way the caller's words are taken as a
 * message and the agent does not carry on.
 */
export async function callPaused(db: Db, conversationId: string): Promise<boolean> {
  const [row] = rowsOf(
    await db.execute(sql`SELECT EXISTS (SELECT 1 FROM conversation_holds h
        WHERE h.conversation_id = ${conversationId}::uuid) OR ${waitingSql(sql`${conversationId}::uuid`)} AS paused`),
  );
  return Boolean(row?.paused);
}

/** Whether the conversation waits for a person. */
export async function isWaiting(db: Db, conversationId: string): Promise<boolean> {
  const [row] = rowsOf(
    await db.execute(sql`SELECT ${waitingSql(sql`${conversationId}::uuid`)} AS waiting`),
  );
  return Boolean(row?.waiting);
}

/**
 * While a conversation waits for a person, the agent does not carry on as if nothing happened: a
 * new message (chat, SMS, WhatsApp) gets this brief acknowledgement, by the business hours now.
 */
export async function waitingAck(db: Db, orgId: string, now: Date): Promise<string> {
  const { inHours, outOfHoursMessage } = await openNow(db, orgId, now);
  return `${handoffWaitingAck} ${handoffNotice(inHours, outOfHoursMessage)}`;
}

/** Why an e-mail reply was not written while the thread waits for a person. */
export const waitingEmailNote = 'Waiting for a person: the agent does not answer this thread';
