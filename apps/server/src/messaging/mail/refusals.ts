import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { RefusedMail } from '@parley/api-client';
import type { Db } from '../../db/client';
import { mailboxes, mailRefusals } from '../../db/schema';
import { subjectStorage } from './subjects';

/**
 * Mails a mailbox refused (it could not parse or store them): kept so members see what was not
 * read and why (with the mailbox's status), and so the IMAP reader can move past them. The last
 * `keptPerMailbox` are kept; the mailbox counts them all.
 */
export const keptPerMailbox = 20;

export interface Refusal {
  imapUid?: number | null;
  from?: string;
  subject?: string;
  sizeBytes?: number;
  reason: string;
}

/**
 * Records a refused mail of the mailbox and drops the oldest beyond the last 20. Its subject is
 * stored as the mailbox's storage mode says (redacted, or not at all).
 */
export async function recordRefusal(
  db: Db,
  mailbox: { id: string; organizationId: string; agentName?: string | null },
  refusal: Refusal,
): Promise<void> {
  const subject = refusal.subject
    ? (await subjectStorage(db, { ...mailbox, agentName: mailbox.agentName ?? null }))(
        refusal.subject,
      )
    : '';
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await tx.insert(mailRefusals).values({
      organizationId: mailbox.organizationId,
      mailboxId: mailbox.id,
      source: 'imap',
      imapUid: refusal.imapUid ?? null,
      fromAddress: (refusal.from ?? '').slice(0, 200),
      subject: subject.slice(0, 200),
      sizeBytes: refusal.sizeBytes ?? 0,
      reason: refusal.reason.slice(0, 500),
    });
    await tx
      .update(mailboxes)
      .set({ mailRefusedTotal: sql`${mailboxes.mailRefusedTotal} + 1` })
      .where(eq(mailboxes.id, mailbox.id));
    const [oldest] = await tx
      .select({ at: mailRefusals.createdAt })
      .from(mailRefusals)
      .where(eq(mailRefusals.mailboxId, mailbox.id))
      .orderBy(desc(mailRefusals.createdAt))
      .offset(keptPerMailbox - 1)
      .limit(1);
    if (oldest)
      await tx
        .delete(mailRefusals)
        .where(and(eq(mailRefusals.mailboxId, mailbox.id), lt(mailRefusals.createdAt, oldest.at)));
  });
}

/** The refused mails of these mailboxes, newest first, as the contract answers them. */
export async function refusalsOf(db: Db, mailboxIds: string[]) {
  const byMailbox = new Map<string, RefusedMail[]>();
  if (!mailboxIds.length) return byMailbox;
  const rows = await db
    .select()
    .from(mailRefusals)
    .where(inArray(mailRefusals.mailboxId, mailboxIds))
    .orderBy(desc(mailRefusals.createdAt));
  for (const r of rows)
    byMailbox.set(r.mailboxId, [
      ...(byMailbox.get(r.mailboxId) ?? []),
      {
        source: r.source,
        imap_uid: r.imapUid,
        from: r.fromAddress,
        subject: r.subject,
        size_bytes: r.sizeBytes,
        reason: r.reason,
        at: r.createdAt.toISOString(),
      },
    ]);
  return byMailbox;
}
