import type {
  Campaign,
  Mailbox,
  MailMessage,
  MailOutboxItem,
  MailThread,
} from '@parley/api-client';
import { fixtureAgents } from './fixtures';

/** Email fixtures typed by the mail contract (stories and view tests). */
const at = (min: number) => new Date(Date.UTC(2025, 0, 2, 10, min)).toISOString();
export const supportAgent = fixtureAgents[0]!;

export function fixtureMailbox(email: string, patch: Partial<Mailbox> = {}): Mailbox {
  return {
    email_address: email,
    display_name: null,
    agent_id: null,
    agent_name: null,
    description: null,
    smtp: null,
    imap: null,
    sending: 'outbox',
    inbound_url: `http://localhost:3000/webhooks/mail/${email.split('@')[0]}-7f3a9c`,
    autonomy: 'auto',
    drafts_waiting: 0,
    refused: { total: 0, recent: [] },
    last_test: null,
    status: 'active',
    created_at: at(0),
    updated_at: at(0),
    ...patch,
  };
}

/** help@: Gmail settings, answered by the support agent, drafts for approval; sales@: sandbox. */
export const fixtureMailboxes: Mailbox[] = [
  fixtureMailbox('help@acme.test', {
    display_name: 'Acme Help',
    agent_id: supportAgent.id,
    agent_name: 'support',
    sending: 'smtp',
    autonomy: 'draft',
    drafts_waiting: 1,
    smtp: {
      host: 'smtp.gmail.com',
      port: 465,
      secure: true,
      username: 'help@acme.test',
      password: '••••wxyz',
    },
    imap: {
      host: 'imap.gmail.com',
      port: 993,
      secure: true,
      username: 'help@acme.test',
      password: '••••wxyz',
      folder: 'INBOX',
      last_checked_at: at(14),
      last_error: null,
    },
    last_test: { ok: true, message: 'SMTP works; IMAP works', at: at(1) },
  }),
  fixtureMailbox('sales@acme.test'),
];

export function fixtureMailMessage(
  id: string,
  min: number,
  author: MailMessage['author'],
  text: string,
  patch: Partial<MailMessage> = {},
): MailMessage {
  const inbound = author === 'visitor';
  return {
    id,
    direction: inbound ? 'inbound' : 'outbound',
    author,
    from: inbound ? 'ada@example.com' : 'help@acme.test',
    to: inbound ? 'help@acme.test' : 'ada@example.com',
    subject: inbound ? 'Where is my order?' : 'Re: Where is my order?',
    text,
    status: inbound ? 'received' : 'sent',
    not_answered: null,
    message_id: `<${id}@acme.test>`,
    in_reply_to: null,
    offline: false,
    error: null,
    created_at: at(min),
    ...patch,
  };
}

export const fixtureMailThreads: MailThread[] = [
  {
    id: 't1',
    agent_id: supportAgent.id,
    mailbox: 'help@acme.test',
    end_user: 'ada@example.com',
    subject: 'Where is my order?',
    drafts_waiting: 1,
    updated_at: at(12),
    messages: [
      fixtureMailMessage('m3', 12, 'agent', 'Your order #1042 left our warehouse this morning.', {
        status: 'draft',
      }),
      fixtureMailMessage('m2', 11, 'visitor', 'Hello, where is my order #1042?'),
    ],
  },
  {
    id: 't2',
    agent_id: supportAgent.id,
    mailbox: 'help@acme.test',
    end_user: 'noreply@shop.test',
    subject: 'Out of office',
    drafts_waiting: 0,
    updated_at: at(5),
    messages: [
      fixtureMailMessage('m1', 5, 'visitor', 'I am away until Monday.', {
        from: 'noreply@shop.test',
        subject: 'Out of office',
        not_answered: 'an automatic reply (Auto-Submitted: auto-replied)',
      }),
    ],
  },
];

export const fixtureOutbox: MailOutboxItem[] = [
  {
    id: 'o1',
    from: 'sales@acme.test',
    to: 'grace@example.com',
    subject: 'Your quote',
    text: 'Here is the quote you asked for.',
    message_id: '<o1@acme.test>',
    headers: { 'Auto-Submitted': 'no' },
    created_at: at(9),
  },
];

export function fixtureCampaign(id: string, patch: Partial<Campaign> = {}): Campaign {
  return {
    id,
    name: 'Spring launch',
    from_email: 'help@acme.test',
    subject: 'Hi {{first_name}}, we launched',
    body: 'Dear {{first_name}},\nour new plan is live.',
    status: 'running',
    rate_per_minute: 30,
    start_at: at(0),
    total: 50,
    progress: { queued: 20, sent: 27, failed: 1, bounced: 2, replied: 3, unsubscribed: 1 },
    skipped: { duplicates: 2, unsubscribed: 1, bounced: 0 },
    created_at: at(0),
    updated_at: at(10),
    ...patch,
  };
}

export const fixtureCampaigns: Campaign[] = [
  fixtureCampaign('cmp1'),
  fixtureCampaign('cmp2', {
    name: 'Renewal reminder',
    status: 'paused',
    progress: { queued: 90, sent: 10, failed: 0, bounced: 0, replied: 0, unsubscribed: 0 },
    total: 100,
  }),
  fixtureCampaign('cmp3', {
    name: 'Webinar invite',
    status: 'completed',
    progress: { queued: 0, sent: 12, failed: 0, bounced: 0, replied: 4, unsubscribed: 0 },
    total: 12,
  }),
];
