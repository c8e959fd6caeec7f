import type { MailSendAnswer } from '@parley/api-client';
import type { Db } from '../db/client';
import type { mailboxes, phoneNumbers } from '../db/schema';
import type { ToolContext } from './context';

/** A number of the organization, as the send tools pick one. */
export type NumberRow = typeof phoneNumbers.$inferSelect;
export type MailboxRow = typeof mailboxes.$inferSelect;
export type MessageChannel = 'sms' | 'whatsapp';

/** A call to schedule (scheduling/events.ts createEvent; the schedule_callback tool's). */
export interface NewScheduledCall {
  orgId: string;
  agentName: string;
  recipientPhone: string;
  scheduledTime: Date;
  flexibleTimeMinutes: number;
  maxRetries: number;
  messageTemplate: string | null;
}

/** An SMS or WhatsApp message to send (messaging/channelSend.ts; the send tools'). */
export interface ChannelMessage {
  orgId: string;
  channel: MessageChannel;
  /** Our number (one of the organization's, enabled for the channel). */
  number: NumberRow;
  to: string;
  text: string;
  /** Who sends: a member (the API) or the agent (its send_sms / send_whatsapp tool). */
  author: 'member' | 'agent';
}

/**
 * What the built-in tools do in the other rooms: the do-not-call list and scheduled calls
 * (scheduling/), opt-outs, sends and sending limits (messaging/), the numbers that may send
 * (phone-numbers/), a request for a person (handoff/). tools/ imports none of them: the app gives
 * them at startup (app.ts `provideBuiltinServices`), as it registers the integration providers.
 */
export interface BuiltinServices {
  addDoNotCall(db: Db, orgId: string, phone: string, reason?: string): Promise<void>;
  /** The number's listing on the organization's do-not-call list, or null. */
  doNotCallEntry(db: Db, orgId: string, phone: string): Promise<object | null>;
  recordOptOut(
    db: Db,
    key: { organizationId: string; channel: MessageChannel; ourNumber: string; endUser: string },
    keyword: string,
  ): Promise<void>;
  /** A scheduled call (schedule_callback). */
  createEvent(db: Db, input: NewScheduledCall): Promise<{ id: string }>;
  /** request_human: the handoff the turn asks for (stored once the turn is). */
  planHandoff(ctx: ToolContext, reason: string): Promise<unknown>;
  /** The organization's numbers that may send on the channel (enabled, not held elsewhere). */
  sendingNumbers(db: Db, orgId: string, channel: MessageChannel): Promise<NumberRow[]>;
  /** A message sent as a member's is (opt-outs, the WhatsApp window, the sending limits). */
  sendChannelMessage(
    services: Pick<ToolContext, 'db' | 'secrets' | 'env'>,
    send: ChannelMessage,
  ): Promise<{ status: string | null; provider: string }>;
  /** A mail sent from the mailbox at once (SMTP or the sandbox outbox). */
  sendMailNow(
    services: Pick<ToolContext, 'db' | 'secrets' | 'env'>,
    mailbox: MailboxRow,
    mail: { to: string; subject: string; text: string },
    author: 'member' | 'agent',
  ): Promise<MailSendAnswer>;
  /** The organization's sending limit per day (the visitor sends' share is taken of it). */
  sendsPerDay(env: Record<string, string | undefined>, orgId: string): number;
}

let provided: BuiltinServices | null = null;

/** Given once at startup (app.ts); a test may give its own. */
export function provideBuiltinServices(services: BuiltinServices) {
  provided = services;
}

/** The services the built-ins use; a built-in run before the app gave them is a bug. */
export function builtinServices(): BuiltinServices {
  if (!provided) throw new Error('The built-in tools ran before the app gave their services');
  return provided;
}
