import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { doNotCall, scheduledEvents } from '../db/schema';
import { e164Of, maybeSamePhone, samePhone } from './phone';

/** The do-not-call list's reason for a person who asked during a call. */
export const askedNotToCallReason = 'Asked not to be called again';

export interface DoNotContactRequest {
  organizationId: string;
  /** The person's number (E.164), as the call or message has it. */
  phone: string;
  /** The call (or conversation) in which they asked, named in the reason. */
  conversationId?: string | null;
  /** When they asked (the scheduler's clock in tests). */
  now?: Date;
}

export interface DoNotContactResult {
  /** False when the number was already on the list (its first reason is kept). */
  added: boolean;
  /** The organization's events to that number that were waiting and are now cancelled. */
  cancelledEventIds: string[];
}

/**
 * "Don't call me again": the person's number goes on the organization's do-not-call list (checked
 * right before every dial, so a running retry or any later schedule is never dialled), and the
 * organization's scheduled events to that number that are still waiting are cancelled, saying why.
 * Both in one transaction; asking twice changes nothing more. The number is listed normalised
 * (E.164), and the events to it are cancelled however their number was written. The agent's
 * `do_not_contact` tool calls this with the call's organization, caller and conversation.
 */
export async function recordDoNotContact(
  db: Db,
  request: DoNotContactRequest,
): Promise<DoNotContactResult> {
  const now = request.now ?? new Date();
  const reason = request.conversationId
    ? `${askedNotToCallReason} (call ${request.conversationId})`
    : askedNotToCallReason;
  return db.transaction(async (tx) => {
    const added = await tx
      .insert(doNotCall)
      .values({
        organizationId: request.organizationId,
        phoneNumber: e164Of(request.phone),
        reason,
      })
      .onConflictDoNothing()
      .returning({ phone: doNotCall.phoneNumber });
    // The waiting events to that number, however they spell it.
    const waiting = await tx
      .select({ id: scheduledEvents.id, phone: scheduledEvents.recipientPhone })
      .from(scheduledEvents)
      .where(
        and(
          eq(scheduledEvents.organizationId, request.organizationId),
          eq(scheduledEvents.status, 'scheduled'),
          maybeSamePhone(scheduledEvents.recipientPhone, [request.phone]),
        ),
      );
    const ids = waiting.filter((e) => samePhone(e.phone, request.phone)).map((e) => e.id);
    const cancelled = ids.length
      ? await tx
          .update(scheduledEvents)
          .set({
            status: 'cancelled',
            statusReason: `Cancelled: ${request.phone} ${askedNotToCallReason.toLowerCase()}`,
            updatedAt: now,
          })
          .where(and(inArray(scheduledEvents.id, ids), eq(scheduledEvents.status, 'scheduled')))
          .returning({ id: scheduledEvents.id })
      : [];
    return { added: added.length > 0, cancelledEventIds: cancelled.map((c) => c.id) };
  });
}
