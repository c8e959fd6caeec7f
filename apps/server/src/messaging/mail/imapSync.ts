import { and, eq, sql } from 'drizzle-orm';
import type { ImapFlow } from 'imapflow';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { mailboxes } from '../../db/schema';
import type { SecretBox } from '../../lib/secrets';
import { parseInbound, receiveMail } from './inbound';
import { mailLimits, MailRefusedError } from './mailLimits';
import { MailParserBusyError } from './parsePool';
import { recordRefusal } from './refusals';

/**
 * Reading one IMAP folder (messaging/mail/imap.ts runs the readers): a UID cursor per mailbox
 * (UIDVALIDITY + the last UID read) says where to go on: only UIDs above it are fetched, so old
 * mail is never read twice and a busy inbox is never re-scanned; a new UIDVALIDITY (the folder
 * was rebuilt) restarts the cursor at the folder's UIDNEXT. Each mail (at most 10 MB) is parsed
 * with mailparser and goes the inbound URL's way (receiveMail: stored once by Message-ID, loop
 * rules, the reply job).
 */

export interface ImapPollerDeps {
  db: Db;
  secrets: SecretBox;
  env: Record<string, string | undefined>;
  logger: Logger;
  replies?: { wake(): void };
}

/** Where a mailbox's reading goes on: from a UID, or the cursor restarts (nothing to read yet). */
export type CursorPlan =
  { kind: 'read'; fromUid: number } | { kind: 'restart'; uidValidity: number; lastUid: number };

/**
 * The plan for a folder whose UIDVALIDITY and UIDNEXT are `folder`, given the stored cursor:
 * the first time, or after UIDVALIDITY changed, the cursor restarts at UIDNEXT (the mail already
 * there is not read: it is not new, and its old UIDs mean nothing now); else UIDs above the last
 * one read.
 */
export function cursorPlan(
  stored: { uidValidity: number | null; lastUid: number | null },
  folder: { uidValidity: number; uidNext: number },
): CursorPlan {
  if (stored.uidValidity === null || stored.uidValidity !== folder.uidValidity)
    return {
      kind: 'restart',
      uidValidity: folder.uidValidity,
      lastUid: Math.max(0, folder.uidNext - 1),
    };
  return { kind: 'read', fromUid: (stored.lastUid ?? 0) + 1 };
}

/** Records how the last look at the mailbox went (shown with the mailbox's IMAP settings). */
export async function recordCheck(db: Db, mailboxId: string, error: string | null) {
  await db
    .update(mailboxes)
    .set({ imapLastCheckedAt: new Date(), imapLastError: error })
    .where(eq(mailboxes.id, mailboxId));
}

/**
 * Reads the new mail of the selected folder: UIDs above the cursor (each at most 10 MB), one by
 * one in UID order, each received before the cursor moves past it (a crash in between reads it
 * again, and receiveMail stores it once). The cursor only moves while this process holds the
 * mailbox. Returns how many mails were received.
 */
export async function syncMailbox(
  deps: ImapPollerDeps,
  client: ImapFlow,
  mailboxId: string,
  holder: string,
): Promise<number> {
  const { db } = deps;
  const folder = client.mailbox;
  if (!folder) throw new Error('no folder is open');
  const [row] = await db.select().from(mailboxes).where(eq(mailboxes.id, mailboxId));
  if (!row) return 0;
  const uidValidity = Number(folder.uidValidity);
  let uidNext = folder.uidNext;
  if (!uidNext) {
    const last = await client.fetchOne('*', { uid: true }, { uid: true });
    uidNext = last ? last.uid + 1 : 1;
  }
  const held = and(eq(mailboxes.id, mailboxId), eq(mailboxes.imapLeaseHolder, holder));
  const plan = cursorPlan(
    { uidValidity: row.imapUidValidity, lastUid: row.imapLastUid },
    { uidValidity, uidNext },
  );
  if (plan.kind === 'restart') {
    await db
      .update(mailboxes)
      .set({ imapUidValidity: plan.uidValidity, imapLastUid: plan.lastUid })
      .where(held);
    deps.logger.info(
      { mailbox: row.emailAddress, uidValidity, from: plan.lastUid + 1 },
      'IMAP cursor starts at the folder’s next UID',
    );
    return 0;
  }
  // 'N:*' also names the newest message when its UID is below N: only UIDs above the cursor count.
  const found: { uid: number; size: number }[] = [];
  // On the guarded connection (imapClient: outbound guard's address); only UIDs and sizes here,
  // each mail's body is fetched later only when under mailLimits.maxBytes.
  // prettier-ignore
  for await (const m of client.fetch(`${plan.fromUid}:*`, { uid: true, size: true }, { uid: true })) // outbound guard: client from imapClient → resolveMailHost (public address, time limits)
    if (m.uid >= plan.fromUid) found.push({ uid: m.uid, size: m.size ?? 0 });
  found.sort((a, b) => a.uid - b.uid);
  let received = 0;
  for (const { uid, size } of found) {
    const outcome = await readOne(deps, client, row, uid, size);
    if (outcome === 'gone') return received;
    if (outcome === 'received') received++;
    const moved = await db
      .update(mailboxes)
      .set({ imapLastUid: sql`GREATEST(COALESCE(${mailboxes.imapLastUid}, 0), ${uid})` })
      .where(and(held, eq(mailboxes.imapUidValidity, uidValidity)))
      .returning({ id: mailboxes.id });
    // Another process holds the mailbox now (this one was too slow to renew): it reads on.
    if (!moved.length) break;
  }
  return received;
}

/** Attempts at storing one mail before it is refused (a passing database hiccup is retried). */
export const storeAttempts = 3;

/**
 * Reads one mail and hands it to receiveMail. A mail that cannot be read (over 10 MB, over the
 * bounds of mailLimits, unparseable) or stored (`storeAttempts` failures in a row while the
 * database answers) is recorded as refused with the reason: the caller moves the cursor past it
 * either way, so one mail never stops the mailbox. A failed fetch (the connection) throws.
 */
async function readOne(
  deps: ImapPollerDeps,
  client: ImapFlow,
  mailbox: typeof mailboxes.$inferSelect,
  uid: number,
  size: number,
): Promise<'received' | 'refused' | 'empty' | 'gone'> {
  const { db, logger } = deps;
  const refuse = async (reason: string, mail: { from?: string; subject?: string } = {}) => {
    logger.warn({ mailbox: mailbox.emailAddress, uid, size, reason }, 'IMAP mail refused');
    await recordRefusal(db, mailbox, { imapUid: uid, sizeBytes: size, reason, ...mail });
    return 'refused' as const;
  };
  if (size > mailLimits.maxBytes)
    return refuse(`the mail is ${(size / 1048576).toFixed(1)} MB, over the 10 MB limit`);
  // On the guarded connection (imapClient: outbound guard's address, time limits).
  const message = await client.fetchOne(String(uid), { uid: true, source: true }, { uid: true });
  if (!message || !message.source) return 'empty'; // expunged meanwhile
  let mail;
  for (let wait = 0; !mail; wait++) {
    try {
      mail = await parseInbound(message.source);
    } catch (error) {
      if (error instanceof MailRefusedError)
        return refuse(error.message, { from: error.from, subject: error.subject });
      // Every parser busy (the inbound URL's burst): this mail waits its turn.
      if (!(error instanceof MailParserBusyError) || wait >= 60) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  for (let attempt = 1; ; attempt++) {
    // The mailbox as it is now (its agent may have changed since the connection opened).
    const [current] = await db.select().from(mailboxes).where(eq(mailboxes.id, mailbox.id));
    if (!current) return 'gone';
    try {
      await receiveMail(deps, current, mail);
      return 'received';
    } catch (error) {
      logger.error(
        { err: error, mailbox: mailbox.emailAddress, uid, attempt },
        'IMAP mail not stored',
      );
      if (attempt >= storeAttempts)
        return refuse(
          'the mail could not be stored on this server (the details are in the server log)',
          { from: mail.from, subject: mail.subject },
        );
    }
  }
}
