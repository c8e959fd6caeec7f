import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailboxes, mailOutbox } from '../../db/schema';
import { agentOfMappingForm } from '../../agents/store';
import type { MailServerMasked } from '../../db/schema-mail';
import { HttpError } from '../../lib/http';
import { mailboxOf, newInboundToken, type MailboxRow } from './mailboxes';

/**
 * The mailboxes' queries the Email routes make (mailboxRoutes.ts, mappingRoutes.ts): assign and
 * unassign an agent, save, delete and test a mailbox, the sandbox outbox.
 */

/**
 * The agent a mapping names: `agent_url` `agent:{id}` (its key then must be `api_key`, or its id
 * for an agent without one), else `api_key` is the chatbot key of one of the organization's
 * agents. Anything else is 400 naming the field, nothing written.
 */
export async function agentOfMapping(
  db: Db,
  orgId: string,
  form: { agent_url: string; api_key: string },
) {
  const { agent, named } = await agentOfMappingForm(db, orgId, form.agent_url, form.api_key);
  if (!agent)
    throw named
      ? new HttpError(400, "agent_url: is not one of this organization's agents")
      : new HttpError(400, "api_key: is not the key of one of this organization's agents");
  if (named && form.api_key !== (agent.chatbotKey || agent.agentName))
    throw new HttpError(400, "api_key: is not this agent's key");
  return agent;
}

/** A mailbox of the organization named as a send's From (400 naming the field otherwise). */
export async function fromMailbox(db: Db, orgId: string, email: string, field: string) {
  const row = await mailboxOf(db, orgId, email);
  if (!row) throw new HttpError(400, `${field}: is not one of this organization's mailboxes`);
  return row;
}

/** Assign an agent to a mailbox (created when new; its description kept unless given). */
export async function assignAgent(
  db: Db,
  orgId: string,
  mapping: { emailAddress: string; agentName: string; description: string | undefined },
) {
  const now = new Date();
  const [row] = await db
    .insert(mailboxes)
    .values({
      organizationId: orgId,
      emailAddress: mapping.emailAddress,
      agentName: mapping.agentName,
      description: mapping.description ?? null,
      agentAssignedAt: now,
      inboundToken: newInboundToken(),
    })
    .onConflictDoUpdate({
      target: [mailboxes.organizationId, mailboxes.emailAddress],
      set: {
        agentName: mapping.agentName,
        agentAssignedAt: now,
        updatedAt: now,
        ...(mapping.description !== undefined ? { description: mapping.description } : {}),
      },
    })
    .returning();
  return row!;
}

/** Unassign a mailbox's agent: false when it had none (or is not the organization's). */
export async function unassignAgent(db: Db, orgId: string, email: string) {
  const done = await db
    .update(mailboxes)
    .set({ agentName: null, agentAssignedAt: null, updatedAt: new Date() })
    .where(
      and(
        eq(mailboxes.organizationId, orgId),
        eq(mailboxes.emailAddress, email),
        isNotNull(mailboxes.agentName),
      ),
    )
    .returning({ id: mailboxes.id });
  return done.length > 0;
}

/** The same IMAP folder of the same account on the same server (its UID cursor still holds). */
export function sameImapFolder(a: MailServerMasked | null, b: MailServerMasked | null) {
  return Boolean(
    a &&
    b &&
    a.host.toLowerCase() === b.host.toLowerCase() &&
    a.port === b.port &&
    a.username === b.username &&
    (a.folder || 'INBOX') === (b.folder || 'INBOX'),
  );
}

/** A mailbox's columns to change (`mailboxSettings` builds them). */
export type MailboxChanges = Partial<typeof mailboxes.$inferInsert> & { updatedAt: Date };

/** Save a mailbox's settings: the existing row changed, else a new mailbox. */
export async function saveMailbox(
  db: Db,
  orgId: string,
  email: string,
  current: MailboxRow | null,
  set: MailboxChanges,
) {
  if (current) await db.update(mailboxes).set(set).where(eq(mailboxes.id, current.id));
  else
    await db.insert(mailboxes).values({
      organizationId: orgId,
      emailAddress: email,
      inboundToken: newInboundToken(),
      ...set,
    });
}

export async function deleteMailbox(db: Db, id: string) {
  await db.delete(mailboxes).where(eq(mailboxes.id, id));
}

/** A connection test's outcome, kept on the mailbox (the Email tab shows it). */
export async function recordMailboxTest(db: Db, id: string, ok: boolean, message: string) {
  await db
    .update(mailboxes)
    .set({ lastTestedAt: new Date(), lastTestOk: ok, lastTestMessage: message })
    .where(eq(mailboxes.id, id));
}

/** The sandbox outbox (mail of mailboxes without SMTP settings), newest first, at most 100. */
export async function outboxOf(db: Db, orgId: string, mailbox: string | undefined) {
  return db
    .select()
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.organizationId, orgId),
        mailbox ? eq(mailOutbox.fromAddress, mailbox) : undefined,
      ),
    )
    .orderBy(desc(mailOutbox.createdAt))
    .limit(100);
}
