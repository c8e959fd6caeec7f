import { z } from 'zod';
import { toolStepSchema } from './tools';
import { controlCharacters, controlCharactersMessage, emailFormatMessage } from './common';
import { mailRefusedSchema } from './mailStatus';

/**
 * The Email channel's contract (issue 25; spec channels-and-shell §2, §3, §5, §7, §8, §9): the
 * mailboxes an organization connects (SMTP/IMAP settings, an inbound URL), the agent answering
 * each, the threads, sends, drafts, the sandbox outbox and campaigns. Every path is under the
 * messaging service's base ('/messaging'); a member of several organizations adds the query
 * `organization_id`.
 */

/** An e-mail address as the forms and the server accept it (one '@', a dot in the domain). */
export const mailAddressPattern =
  /^[^\s@<>(),;:"\\[\]]+@[^\s@<>(),;:"\\[\]]+\.[^\s@<>(),;:"\\[\]]+$/;

/** The spec's words for the Email tab and its calls. */
export const mailMessages = {
  email: emailFormatMessage,
  from: 'From email is required',
  to: 'To email is required',
  subject: 'Subject is required',
  text: 'Message text is required',
  agent: 'Please select an agent',
  sendFailed: 'Failed to send Gmail message',
  /** §8's mailbox message success line. */
  sent: 'Email sent successfully!',
  queued: 'Email scheduled successfully!',
  outbox: 'Email sent to the sandbox outbox (this mailbox has no SMTP settings)',
  assigned: 'Email agent assigned successfully!',
  unassigned: 'Email agent unassigned successfully!',
  mailboxSaved: 'Mailbox settings saved successfully!',
  mailboxDeleted: 'Mailbox deleted successfully!',
  draftSent: 'Draft sent successfully!',
  draftDiscarded: 'Draft discarded',
  unsubscribed: 'You are unsubscribed and will receive no more campaign emails from this sender.',
} as const;

/** A required, trimmed e-mail address; lower-cased so one mailbox is one row. */
export const mailAddressSchema = (required: string = mailMessages.email) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { message: required, abort: true })
    .max(254, 'must be at most 254 characters')
    .regex(mailAddressPattern, emailFormatMessage)
    .transform((v) => v.toLowerCase());

const textField = (required: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, `must be at most ${max} characters`)
    .refine((t) => !controlCharacters.test(t), controlCharactersMessage);

/** A subject: one line. */
const subjectField = textField(mailMessages.subject, 998).refine(
  (t) => !/[\r\n]/.test(t),
  'must be one line',
);

// ---------- mailboxes (SMTP / IMAP settings) ----------

/** A mail server's host name or IP address (no scheme, no path). */
const hostField = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(253, 'must be at most 253 characters')
  .regex(/^[A-Za-z0-9.-]+$|^\[?[0-9A-Fa-f:.]+\]?$/, 'must be a host name or IP address');
const portField = z
  .number({ error: 'must be a number from 1 to 65535' })
  .int('must be a whole number')
  .min(1, 'must be a number from 1 to 65535')
  .max(65535, 'must be a number from 1 to 65535');

/**
 * The SMTP server of a mailbox as a member saves it. `secure`: TLS from the start (port 465);
 * false: STARTTLS when the server offers it (587). `password` left out keeps the stored one.
 */
export const smtpSettingsSchema = z.object({
  host: hostField,
  port: portField,
  secure: z.boolean({ error: 'must be true or false' }),
  username: z.string().trim().max(254, 'must be at most 254 characters').default(''),
  password: z.string().max(1024, 'must be at most 1024 characters').optional(),
});
export type SmtpSettings = z.input<typeof smtpSettingsSchema>;
/** The IMAP server of a mailbox (optional: without it, mail arrives at the inbound URL only). */
export const imapSettingsSchema = smtpSettingsSchema.extend({
  folder: z.string().trim().min(1, 'is required').max(200).default('INBOX'),
});
export type ImapSettings = z.input<typeof imapSettingsSchema>;

/** Answer 'Answer automatically' (auto) or keep the agent's reply as a draft for approval. */
export const mailAutonomySchema = z.enum(['auto', 'draft']);
export type MailAutonomy = z.infer<typeof mailAutonomySchema>;
export const mailAutonomyLabels: Record<MailAutonomy, string> = {
  auto: 'Answer automatically',
  draft: 'Draft for approval',
};

/**
 * PUT /mail/mailboxes/{email}: the mailbox's settings. `smtp: null` (or left out on a new
 * mailbox) sends into the sandbox outbox; `imap: null` stops reading the mailbox over IMAP.
 */
export const mailboxRequestSchema = z.object({
  smtp: smtpSettingsSchema.nullable().optional(),
  imap: imapSettingsSchema.nullable().optional(),
  display_name: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  autonomy: mailAutonomySchema.optional(),
});
export type MailboxRequest = z.input<typeof mailboxRequestSchema>;

/** A server's settings as answered: the password masked to its last 4 characters. */
export const maskedServerSchema = z.object({
  host: z.string(),
  port: z.number().int(),
  secure: z.boolean(),
  username: z.string(),
  /** '••••abcd'; '' when none is stored. */
  password: z.string(),
});
export const maskedImapSchema = maskedServerSchema.extend({
  folder: z.string(),
  /** The last time the mailbox was read, and why it could not be (null: fine). */
  last_checked_at: z.string().nullable(),
  last_error: z.string().nullable(),
});

/** Outcome of one server's check (POST /mail/mailboxes/{email}/test). */
export const mailServerCheckSchema = z.object({
  ok: z.boolean(),
  /** In words a user understands: what failed and what to check. */
  message: z.string(),
});
export type MailServerCheck = z.infer<typeof mailServerCheckSchema>;

export const mailboxSchema = z.object({
  email_address: z.string(),
  display_name: z.string().nullable(),
  /** The agent answering the mailbox (null: mail is stored, not answered). */
  agent_id: z.string().nullable(),
  agent_name: z.string().nullable(),
  description: z.string().nullable(),
  /** null: sends go into the sandbox outbox. */
  smtp: maskedServerSchema.nullable(),
  imap: maskedImapSchema.nullable(),
  /** 'smtp' sends for real; 'outbox': the sandbox outbox (no SMTP settings). */
  sending: z.enum(['smtp', 'outbox']),
  /** POST a raw message (message/rfc822, ≤ 10 MB) here to deliver it to this mailbox. */
  inbound_url: z.string(),
  autonomy: mailAutonomySchema,
  /** Agent replies waiting for a member's approval. */
  drafts_waiting: z.number().int(),
  /** Mails the mailbox could not read (over the bounds, or not storable): skipped, with why. */
  refused: mailRefusedSchema,
  last_test: z.object({ ok: z.boolean(), message: z.string(), at: z.string() }).nullable(),
  status: z.literal('active'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Mailbox = z.infer<typeof mailboxSchema>;

export const mailboxesResponseSchema = z.object({ mailboxes: z.array(mailboxSchema) });
export const mailboxAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  mailbox: mailboxSchema,
});
export const mailboxTestResponseSchema = z.object({
  /** Both configured servers answered and accepted the login. */
  success: z.boolean(),
  /** One line for the banner, e.g. 'SMTP works; IMAP failed: the password was refused'. */
  message: z.string(),
  smtp: mailServerCheckSchema.nullable(),
  imap: mailServerCheckSchema.nullable(),
});
export type MailboxTestResult = z.infer<typeof mailboxTestResponseSchema>;

/** Settings presets (app passwords): the form fills host, port and TLS from them. */
export const mailPresets = {
  gmail: {
    label: 'Gmail',
    smtp: { host: 'smtp.gmail.com', port: 465, secure: true },
    imap: { host: 'imap.gmail.com', port: 993, secure: true, folder: 'INBOX' },
    help: 'Use an app password (Google Account → Security → App passwords); 2-Step Verification must be on.',
  },
  outlook: {
    label: 'Outlook / Microsoft 365',
    smtp: { host: 'smtp.office365.com', port: 587, secure: false },
    imap: { host: 'outlook.office365.com', port: 993, secure: true, folder: 'INBOX' },
    help: 'Use an app password, and make sure SMTP AUTH is enabled for the mailbox in Microsoft 365.',
  },
} as const;
export type MailPreset = keyof typeof mailPresets;

// ---------- §7: agent mappings ----------

/** POST /mail/agent-mapping (query): `api_key` must be the key of one of the organization's agents. */
export const mailAgentMappingQuerySchema = z.object({
  email_address: mailAddressSchema(),
  agent_url: z.string().trim().min(1, 'is required').max(2000),
  api_key: z.string().trim().min(1, 'is required').max(500),
  description: z.string().trim().max(500, 'must be at most 500 characters').optional(),
});
export type MailAgentMappingQuery = z.input<typeof mailAgentMappingQuerySchema>;

/** A mailbox mapping (§3's Email mapping) as GET /mail/agent-mappings answers it. */
export const mailAgentMappingSchema = z.object({
  email_address: z.string(),
  agent_url: z.string(),
  description: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** §4: always 'active' for loaded mappings. */
  status: z.literal('active'),
  agent_id: z.string(),
  agent_name: z.string().nullable(),
});
export type MailAgentMapping = z.infer<typeof mailAgentMappingSchema>;
export const mailAgentMappingsResponseSchema = z.object({
  mappings: z.array(mailAgentMappingSchema),
  total_mappings: z.number().int(),
});
export const mailAgentMappingAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: mailAgentMappingSchema,
});
export const mailResultSchema = z.object({ success: z.boolean(), message: z.string() });

// ---------- §7: threads ----------

/** One mail of a thread. */
export const mailMessageSchema = z.object({
  id: z.string(),
  direction: z.enum(['inbound', 'outbound']),
  /** visitor: the correspondent; agent: the agent's reply; member: sent from the console. */
  author: z.enum(['visitor', 'agent', 'member']),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  /** The mail's text (inbound: the new text, quoted history and signature stripped). */
  text: z.string(),
  /**
   * received, sending, sent, failed, queued (scheduled), draft (waits for approval), discarded,
   * outbox (the sandbox took it).
   */
  status: z.string(),
  /** Why an inbound mail was not answered (auto-reply, bulk, bounce, loop limit …); else null. */
  not_answered: z.string().nullable(),
  message_id: z.string().nullable(),
  in_reply_to: z.string().nullable(),
  offline: z.boolean(),
  error: z.string().nullable(),
  created_at: z.string(),
  /** The tools the agent called for this answer, in order (agent answers that called any). */
  tool_steps: z.array(toolStepSchema).optional(),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;

/** A thread: one conversation between a mailbox and a correspondent about one subject. */
export const mailThreadSchema = z.object({
  id: z.string(),
  agent_id: z.string().nullable(),
  /** Our side: the mailbox. */
  mailbox: z.string(),
  /** The correspondent's address. */
  end_user: z.string(),
  subject: z.string(),
  drafts_waiting: z.number().int(),
  updated_at: z.string(),
  /** Newest first (like the SMS and WhatsApp threads). */
  messages: z.array(mailMessageSchema),
});
export type MailThread = z.infer<typeof mailThreadSchema>;

/** GET /mail/webhook/conversations (query `mailbox` optional): newest activity first. */
export const mailConversationsResponseSchema = z.object({
  conversations: z.array(mailThreadSchema),
});
export type MailConversationsResponse = z.infer<typeof mailConversationsResponseSchema>;

/** GET /mail/conversation-mappings: which thread each correspondent's mail joins. */
export const mailConversationMappingSchema = z.object({
  conversation_id: z.string(),
  email_address: z.string(),
  end_user: z.string(),
  subject: z.string(),
  agent_id: z.string().nullable(),
  /** The Message-IDs of the thread (what In-Reply-To/References of a reply are matched on). */
  message_ids: z.array(z.string()),
  last_activity: z.string(),
});
export const mailConversationMappingsResponseSchema = z.object({
  mappings: z.array(mailConversationMappingSchema),
  total_mappings: z.number().int(),
});

// ---------- §7: sends ----------

/**
 * POST /mail/webhook/send (JSON): the shared Send Message form (§3). For Email `recipient_phone`
 * carries To, `context` the subject and `receiving_number` From (one of the organization's
 * mailboxes). A `scheduled_time` in the future queues the mail.
 */
export const mailSendRequestSchema = z.object({
  organization_id: z.string().optional(),
  agent_prefix: z.string().optional(),
  recipient_phone: mailAddressSchema(mailMessages.to),
  receiving_number: mailAddressSchema(mailMessages.from),
  context: subjectField,
  message_text: textField(mailMessages.text, 100_000),
  scheduled_time: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || !Number.isNaN(Date.parse(v)), 'must be a date and time (ISO 8601)'),
  flexible_time_minutes: z.coerce.number().int().min(0).max(60).default(0),
  max_retries: z.coerce.number().int().min(1).max(10).default(3),
  message_type: z.enum(['text', 'template', 'media']).default('text'),
});
export type MailSendRequest = z.input<typeof mailSendRequestSchema>;
/** §9's Email form defaults. */
export const mailSendDefaults = {
  flexible_time_minutes: 0,
  max_retries: 3,
  message_type: 'text',
} as const;

/** POST /mail/send-test-email (query): From must be one of the organization's mailboxes. */
export const mailTestEmailQuerySchema = z.object({
  to_email: mailAddressSchema(mailMessages.to),
  subject: subjectField,
  message: textField(mailMessages.text, 100_000),
  from_email: mailAddressSchema(mailMessages.from),
});
export type MailTestEmailQuery = z.input<typeof mailTestEmailQuerySchema>;

export const mailSendAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    /** sent: the SMTP server took it; outbox: the sandbox did; queued: scheduled. */
    status: z.enum(['sent', 'outbox', 'queued']),
    message_id: z.string(),
    conversation_id: z.string(),
    from_email: z.string(),
    to_email: z.string(),
    scheduled_time: z.string().nullable(),
  }),
  timestamp: z.string(),
});
export type MailSendAnswer = z.infer<typeof mailSendAnswerSchema>;

// ---------- drafts, sandbox ----------

/** POST /mail/drafts/{id}/send: send the agent's draft, optionally edited. */
export const mailDraftSendRequestSchema = z.object({
  text: textField(mailMessages.text, 100_000).optional(),
});

/** POST /mail/simulate-inbound (JSON): 'Simulate inbound email' to an assigned address. */
export const mailSimulateInboundRequestSchema = z.object({
  to: mailAddressSchema(mailMessages.to),
  from: mailAddressSchema(mailMessages.from),
  subject: subjectField,
  text: textField(mailMessages.text, 100_000),
  /** Answer this Message-ID (a reply in a thread); optional. */
  in_reply_to: z.string().trim().max(998).optional(),
});
export type MailSimulateInboundRequest = z.input<typeof mailSimulateInboundRequestSchema>;

/** What an inbound mail did (simulate-inbound and POST {inbound_url}). */
export const mailInboundAnswerSchema = z.object({
  success: z.literal(true),
  /** false: a redelivered Message-ID (stored once before). */
  stored: z.boolean(),
  conversation_id: z.string().nullable(),
  message_id: z.string().nullable(),
  reply_queued: z.boolean(),
  /** Why it is not answered (auto-reply, bulk, bounce, loop limit, no agent …); else null. */
  not_answered: z.string().nullable(),
});
export type MailInboundAnswer = z.infer<typeof mailInboundAnswerSchema>;

/** One mail the sandbox took instead of an SMTP server (GET /mail/outbox). */
export const mailOutboxItemSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  message_id: z.string(),
  headers: z.record(z.string(), z.string()),
  created_at: z.string(),
});
export type MailOutboxItem = z.infer<typeof mailOutboxItemSchema>;
export const mailOutboxResponseSchema = z.object({ messages: z.array(mailOutboxItemSchema) });

// ---------- campaigns ----------

export const campaignDefaultRate = 30;
/** The most recipients of one campaign. */
export const campaignMaxRecipients = 100_000;
/** One recipient of a campaign: its address and the fields its placeholders are filled from. */
export const campaignRecipientSchema = z.object({
  email: z.string(),
  fields: z.record(z.string(), z.string()).default({}),
});

/**
 * POST /mail/campaigns (JSON). Recipients as CSV text (a header row with an `email` column; the
 * other columns fill `{{field}}` placeholders) or as a list. Invalid rows and a missing field are
 * refused before anything is sent, naming the row; duplicates are dropped, unsubscribed and
 * bounced addresses left out, and all of them counted.
 */
export const campaignCreateRequestSchema = z
  .object({
    name: textField('Campaign name is required', 200),
    from_email: mailAddressSchema(mailMessages.from),
    subject: subjectField,
    body: textField(mailMessages.text, 100_000),
    recipients_csv: z.string().max(5_000_000, 'must be at most 5 MB').optional(),
    recipients: z.array(campaignRecipientSchema).max(campaignMaxRecipients).optional(),
    /** ISO 8601; left out: now. */
    start_at: z
      .string()
      .optional()
      .refine((v) => !v || !Number.isNaN(Date.parse(v)), 'must be a date and time (ISO 8601)'),
    /** Messages per minute (1 to 600, default 30). */
    rate_per_minute: z.coerce
      .number()
      .int('must be a whole number')
      .min(1, 'must be from 1 to 600')
      .max(600, 'must be from 1 to 600')
      .default(campaignDefaultRate),
  })
  .refine((v) => v.recipients_csv !== undefined || v.recipients !== undefined, {
    message: 'paste or upload recipients (CSV with an email column)',
    path: ['recipients_csv'],
  });
export type CampaignCreateRequest = z.input<typeof campaignCreateRequestSchema>;

export const campaignStatusSchema = z.enum([
  'scheduled',
  'running',
  'paused',
  'cancelled',
  'completed',
]);
export const campaignProgressSchema = z.object({
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  bounced: z.number().int(),
  replied: z.number().int(),
  unsubscribed: z.number().int(),
});
export const campaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  from_email: z.string(),
  subject: z.string(),
  body: z.string(),
  status: campaignStatusSchema,
  rate_per_minute: z.number().int(),
  start_at: z.string(),
  total: z.number().int(),
  progress: campaignProgressSchema,
  /** Left out when the campaign was created: duplicates, unsubscribed, bounced. */
  skipped: z.object({
    duplicates: z.number().int(),
    unsubscribed: z.number().int(),
    bounced: z.number().int(),
  }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;
export const campaignsResponseSchema = z.object({ campaigns: z.array(campaignSchema) });
export const campaignAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  campaign: campaignSchema,
});
