import { sql } from 'drizzle-orm';
import {
  callMessageTakenNotice,
  callTransferNotice,
  handoffNotice,
  phonePattern,
  type HandoffSource,
} from '@parley/api-client';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { ToolContext } from '../tools/context';
import { openNow } from './hoursStore';

// What a turn asked for (`HandoffAction`) is part of a turn's call actions (tools/context.ts).
export type { HandoffAction } from '../tools/context';

/**
 * The member on duty for a call: a member of the organization with a phone number on record, the
 * one put through least recently (round robin), the longest-standing member first.
 */
export async function onDutyMember(
  db: Db,
  orgId: string,
): Promise<{ userId: string; name: string; number: string } | null> {
  const [row] = rowsOf(
    await db.execute(sql`SELECT u.id, u.name, p.phone_number FROM member m
      JOIN "user" u ON u.id = m.user_id
      JOIN user_profiles p ON p.user_id = m.user_id
      WHERE m.organization_id = ${orgId} AND p.phone_number IS NOT NULL
      ORDER BY (SELECT max(h.requested_at) FROM handoffs h
          WHERE h.transferred_user_id = m.user_id AND h.organization_id = ${orgId}) ASC NULLS FIRST,
        m.created_at ASC
      LIMIT 1`),
  );
  const number = String(row?.phone_number ?? '');
  return row && phonePattern.test(number)
    ? { userId: String(row.id), name: String(row.name), number }
    : null;
}

/** Whether the call has a phone line (a browser call has none to put through). */
async function isPhoneCall(db: Db, conversationId: string | null): Promise<boolean> {
  if (!conversationId) return false;
  const [row] = rowsOf(
    await db.execute(sql`SELECT metadata->>'transport' AS transport FROM conversations
      WHERE id = ${conversationId}::uuid`),
  );
  return row?.transport === 'phone';
}

/**
 * The turn asks for a person (the request_human tool, or the offline responder hearing a request):
 * what the person is told follows the organization's business hours; on a phone call inside hours
 * the call is put through to the member on duty after the answer (else a message is taken). The
 * request itself is stored once the turn is (`recordHandoff`). Returns what the model is told.
 */
export async function planHandoff(
  ctx: Pick<
    ToolContext,
    'db' | 'organizationId' | 'conversationId' | 'channel' | 'actions' | 'now'
  >,
  reason: string,
  source: HandoffSource = 'agent',
): Promise<string> {
  const now = ctx.now?.() ?? new Date();
  const { inHours, outOfHoursMessage } = await openNow(ctx.db, ctx.organizationId, now);
  if (ctx.channel === 'voice') {
    const member =
      inHours && (await isPhoneCall(ctx.db, ctx.conversationId))
        ? await onDutyMember(ctx.db, ctx.organizationId)
        : null;
    if (member) {
      ctx.actions.transferCall = { number: member.number, reason };
      ctx.actions.handoff = {
        reason,
        source,
        notice: callTransferNotice,
        inHours,
        transfer: member,
      };
      return `The call will be put through to ${member.name}, a member of the team, after your answer. Tell the caller: "${callTransferNotice}"`;
    }
    const notice = inHours
      ? callMessageTakenNotice
      : `${callMessageTakenNotice} ${outOfHoursMessage}`;
    ctx.actions.handoff = { reason, source, notice, inHours };
    return `A message was taken for the team (nobody can be put through now). Tell the caller: "${notice}"`;
  }
  const notice = handoffNotice(inHours, outOfHoursMessage);
  ctx.actions.handoff = { reason, source, notice, inHours };
  return `A person of the team has been asked for; the conversation waits for them. Tell the person: "${notice}"`;
}
