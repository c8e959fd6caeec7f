import type { Db } from '../../db/client';
import { storageOf } from '../../privacy/agentPrivacy';
import { redact } from '../../privacy/redact';
import { privacyOf } from '../../privacy/settings';
import type { StoredText } from '../../privacy/storage';
import type { MailboxRow } from './mailboxes';
import { normalizeSubject } from './threading';

/**
 * E-mail subjects follow the storage mode like a message's text (docs/privacy.md): stored as
 * written (`full`), with personal data replaced by placeholders (`redacted`), or not at all
 * (`metadata_only`: an empty subject). The mail that is sent carries the subject as written.
 */

/** A subject as it is stored ('' in metadata_only). */
export const storedSubject = (store: (text: string) => StoredText, subject: string): string =>
  subject ? store(subject).content : '';

/** What the mailbox's storage mode stores for a subject (its agent's override applied). */
export async function subjectStorage(
  db: Db,
  mailbox: Pick<MailboxRow, 'organizationId' | 'agentName'>,
) {
  const store = await storageOf(db, mailbox.organizationId, mailbox.agentName);
  return (subject: string) => storedSubject(store, subject);
}

/**
 * The normalized subjects a thread's stored mails may hold for a subject, to match a mail to its
 * thread whatever the mode was when they were stored: as written (`full`), as the mode stores it
 * now, and with every kind of personal data redacted (stored in `redacted` mode before a change
 * of categories or mode). Empty: nothing to match on (no subject, or none stored).
 */
export async function threadSubjects(
  db: Db,
  mailbox: Pick<MailboxRow, 'organizationId' | 'agentName'>,
  subject: string,
): Promise<string[]> {
  const plain = normalizeSubject(subject);
  if (!plain) return [];
  const [stored, org] = await Promise.all([
    subjectStorage(db, mailbox),
    privacyOf(db, mailbox.organizationId),
  ]);
  const forms = new Set([
    plain,
    normalizeSubject(stored(subject)),
    normalizeSubject(redact(subject, { region: org.region }).text),
  ]);
  forms.delete('');
  return [...forms];
}
