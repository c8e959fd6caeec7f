import { z } from 'zod';

/**
 * What a mailbox reports about the mail it could not take, and how a failed send names its
 * provider (issue 37).
 */

/**
 * One mail a mailbox refused: over the bounds of an inbound mail (more than 1,000 MIME parts,
 * nested more than 50 deep, a header block over 1,000 lines or 256 KB, a header field over
 * 64 KB, more than 1,000 encoded-words) or it could not be stored. The IMAP reader moves past it.
 */
export const refusedMailSchema = z.object({
  source: z.enum(['imap']),
  /** Its UID in the IMAP folder (null when unknown). */
  imap_uid: z.number().int().nullable(),
  /** The From and Subject as written in the mail (at most 200 characters each; '' when unknown). */
  from: z.string(),
  subject: z.string(),
  size_bytes: z.number().int(),
  /** Why, in plain words. */
  reason: z.string(),
  at: z.string(),
});
export type RefusedMail = z.infer<typeof refusedMailSchema>;

/** A mailbox's refused mails: how many in all, and the last 20 (newest first). */
export const mailRefusedSchema = z.object({
  total: z.number().int(),
  recent: z.array(refusedMailSchema),
});
export type MailRefused = z.infer<typeof mailRefusedSchema>;

const gmailHost = /(^|\.)(gmail|googlemail|google)\.com$/i;
const outlookHost = /(^|\.)(office365|outlook|hotmail|live)\.com$/i;

/**
 * The start of a failed send's text, naming the mailbox's provider: §8's 'Failed to send Gmail
 * message' for Gmail, 'Failed to send Outlook message' for Microsoft 365, else the SMTP host
 * ('Failed to send email through smtp.example.com'); the sandbox outbox: 'Failed to send email'.
 */
export function mailSendFailedWords(smtpHost: string | null | undefined): string {
  const host = (smtpHost ?? '').trim().toLowerCase();
  if (!host) return 'Failed to send email';
  if (gmailHost.test(host)) return 'Failed to send Gmail message';
  if (outlookHost.test(host)) return 'Failed to send Outlook message';
  return `Failed to send email through ${host}`;
}
