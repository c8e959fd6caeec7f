import type { Mailbox, MailThread } from '@parley/api-client';

/** 'Search Gmail accounts...': the address, its name, or its agent's name or id. */
export function filterMailboxes(mailboxes: readonly Mailbox[], search: string): Mailbox[] {
  const q = search.trim().toLowerCase();
  if (!q) return [...mailboxes];
  return mailboxes.filter((m) =>
    [m.email_address, m.display_name, m.agent_name, m.agent_id]
      .filter(Boolean)
      .some((v) => String(v).toLowerCase().includes(q)),
  );
}

/** §2: the Unassign column is shown only when some account is assigned. */
export const anyAssigned = (mailboxes: readonly Mailbox[]) => mailboxes.some((m) => m.agent_id);

/** Agent replies waiting for approval, over every mailbox. */
export const draftsWaiting = (mailboxes: readonly Mailbox[]) =>
  mailboxes.reduce((n, m) => n + m.drafts_waiting, 0);

/** Mailboxes without SMTP settings send into the sandbox outbox. */
export const outboxMailboxes = (mailboxes: readonly Mailbox[]) =>
  mailboxes.filter((m) => m.sending === 'outbox');

/** Threads, newest activity first (the server's order, kept however they arrive). */
export const orderMailThreads = (threads: readonly MailThread[]) =>
  [...threads].sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at));

/** A thread's messages oldest first, the way a conversation is read. */
export const conversationOrder = (thread: MailThread) =>
  [...thread.messages].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));

const statusWords: Record<string, string> = {
  received: 'Received',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  queued: 'Scheduled',
  draft: 'Draft: waits for approval',
  discarded: 'Discarded',
  outbox: 'In the sandbox outbox',
};
export const mailStatusLabel = (status: string) => statusWords[status] ?? status;

export const authorLabel = (author: 'visitor' | 'agent' | 'member') =>
  author === 'agent' ? 'Agent' : author === 'member' ? 'You' : 'Customer';

export const pluralDrafts = (n: number) => `${n} draft${n === 1 ? '' : 's'} waiting`;
