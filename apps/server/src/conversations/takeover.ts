import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { conversationEvents, conversationHolds, conversations } from '../db/schema';
import { HttpError } from '../lib/http';
import { publish } from './live';
import { appendMessages } from './store';
import { handoffClosed, handoffTaken } from '../handoff/store';
import { storageOf } from '../privacy/agentPrivacy';
import { consentStateOf } from '../privacy/consent';

export type ConversationRow = typeof conversations.$inferSelect;
export type HoldRow = typeof conversationHolds.$inferSelect;

/** Who holds the conversation (human takeover), or null: the agent answers. */
export async function heldBy(db: Db, conversationId: string): Promise<HoldRow | null> {
  const [row] = await db
    .select()
    .from(conversationHolds)
    .where(eq(conversationHolds.conversationId, conversationId))
    .limit(1);
  return row ?? null;
}

/**
 * The check every channel makes before its agent answers (the chat runtime, the SMS/WhatsApp and
 * e-mail reply workers, a call's turn): true while a member holds the conversation.
 */
export async function agentPaused(db: Db, conversationId: string): Promise<boolean> {
  return (await heldBy(db, conversationId)) !== null;
}

/** Why a channel's agent reply was skipped. */
export const heldNote = 'A member has taken the conversation over';

interface Member {
  id: string;
  name: string;
}

/** A member takes the conversation over: the agent stops answering in it on every channel. */
export async function takeOver(db: Db, conv: ConversationRow, member: Member): Promise<HoldRow> {
  const hold = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(conversationHolds)
      .values({
        conversationId: conv.id,
        organizationId: conv.organizationId,
        userId: member.id,
        userName: member.name,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) {
      const [existing] = await tx
        .select()
        .from(conversationHolds)
        .where(eq(conversationHolds.conversationId, conv.id));
      if (existing && existing.userId !== member.id)
        throw new HttpError(409, `conversation: ${existing.userName} has already taken it over`, {
          code: 'held_by_another',
        });
      return existing!;
    }
    await tx.insert(conversationEvents).values({
      conversationId: conv.id,
      organizationId: conv.organizationId,
      agentName: conv.agentName,
      kind: 'takeover',
      userId: member.id,
      userName: member.name,
    });
    // A request for a person waiting in it is this member's now.
    await handoffTaken(tx, conv.id, member);
    return inserted;
  });
  await publish(db, {
    conversationId: conv.id,
    organizationId: conv.organizationId,
    kind: 'takeover',
  });
  return hold;
}

/** Hands the conversation back to its agent (any member of the organization may). */
export async function release(db: Db, conv: ConversationRow, member: Member): Promise<void> {
  const released = await db.transaction(async (tx) => {
    const gone = await tx
      .delete(conversationHolds)
      .where(eq(conversationHolds.conversationId, conv.id))
      .returning({ id: conversationHolds.conversationId });
    if (!gone.length) return false;
    // Handed back: its request for a person is closed (the agent answers again).
    await handoffClosed(tx, conv.id);
    await tx.insert(conversationEvents).values({
      conversationId: conv.id,
      organizationId: conv.organizationId,
      agentName: conv.agentName,
      kind: 'release',
      userId: member.id,
      userName: member.name,
    });
    return true;
  });
  if (released)
    await publish(db, {
      conversationId: conv.id,
      organizationId: conv.organizationId,
      kind: 'release',
    });
}

/**
 * A chat visitor's message while a member holds the conversation: stored (author visitor), the
 * conversation's activity touched; the agent does not answer. Returns the message's id and time.
 */
export async function storeHeldVisitorMessage(
  db: Db,
  conversationId: string,
  text: string,
): Promise<{ id: string; createdAt: Date }> {
  const [conv] = await db
    .select({
      organizationId: conversations.organizationId,
      agentName: conversations.agentName,
      agentVersion: conversations.agentVersion,
      metadata: conversations.metadata,
    })
    .from(conversations)
    .where(eq(conversations.id, conversationId))
    .limit(1);
  // A call whose caller refused transcription stores nothing of it (privacy/consent.ts).
  if (!conv || consentStateOf(conv.metadata) === 'refused')
    return { id: crypto.randomUUID(), createdAt: new Date() };
  // Stored as the storage mode says (privacy/storage.ts).
  const kept = (await storageOf(db, conv.organizationId, conv.agentName, conv.agentVersion))(text);
  const [row] = await db.transaction((tx) =>
    appendMessages(tx as unknown as Db, [
      {
        conversationId,
        role: 'user',
        content: kept.content,
        direction: 'inbound',
        author: 'visitor',
        metadata: kept.metadata,
      },
    ]),
  );
  return { id: row!.id, createdAt: row!.createdAt };
}
