import { and, asc, eq, inArray } from 'drizzle-orm';
import { mailboxes, mailSuppressions } from '../db/schema';
import { HttpError } from '../lib/http';
import { ledgerForms } from '../privacy/ledger';
import { builtinServices, type MessageChannel } from './builtinServices';
import type { ToolContext } from './context';
import { ToolError } from './httpTool';
import { recipientOf, reserveVisitorSend } from './sendPolicy';

const text = (value: unknown, what: string, max: number): string => {
  if (typeof value !== 'string' || !value.trim()) throw new ToolError(`${what} is required`);
  return value.trim().slice(0, max);
};

/**
 * Our number for a message on `channel`: the conversation's own number when it is enabled for
 * the channel (an SMS thread's number, the number a caller rang), else the organization's number
 * whose channel agent is this agent, else its first number enabled for the channel.
 */
async function senderNumber(ctx: ToolContext, channel: MessageChannel) {
  const rows = await builtinServices().sendingNumbers(ctx.db, ctx.organizationId, channel);
  const agentOf = (r: (typeof rows)[number]) =>
    channel === 'sms' ? r.smsAgentName : r.whatsappAgentName;
  return (
    rows.find((r) => r.phoneNumber === ctx.agentAddress) ??
    rows.find((r) => agentOf(r) === ctx.agentName) ??
    rows[0] ??
    null
  );
}

/**
 * Messages the send tools (send_sms, send_whatsapp, send_email together) may send in one turn of
 * a conversation — one answer's tool run — so a model that loops (or calls a send tool many
 * times at once) cannot flood the person. Each send also counts against the organization's
 * sending limits, as a member's does.
 */
export const maxToolSendsPerTurn = 3;

/**
 * Takes one send of the turn's allowance (before the send, so calls made at once cannot pass
 * together); the returned function gives it back when the send was refused.
 */
function takeTurnSend(ctx: ToolContext): () => void {
  const sends = (ctx.sends ??= { count: 0 });
  if (sends.count >= maxToolSendsPerTurn)
    throw new ToolError(
      `Not sent: at most ${maxToolSendsPerTurn} messages may be sent in one answer, and ${maxToolSendsPerTurn} were sent already; tell the person what was sent`,
    );
  sends.count += 1;
  return () => {
    sends.count -= 1;
  };
}

/** A refusal of the shared send (opt-out, window, limit, provider) as the model reads it. */
function asToolError(error: unknown): never {
  if (error instanceof HttpError) throw new ToolError(error.message);
  throw error;
}

/**
 * One send of a tool: takes the turn's allowance and, for a web visitor's send to an address they
 * gave, a place within the visitor limits (first); a refused send gives both back and reaches the
 * model as a ToolError.
 */
export async function countedSend<T>(
  ctx: ToolContext,
  to: { channel: 'sms' | 'whatsapp' | 'email'; address: string; visitor: boolean },
  send: () => Promise<T>,
): Promise<T> {
  const giveBack = takeTurnSend(ctx);
  const release = to.visitor
    ? await reserveVisitorSend(ctx, to.channel, to.address).catch((error: unknown) => {
        giveBack();
        throw error;
      })
    : null;
  return send().catch(async (error: unknown) => {
    giveBack();
    await release?.();
    return asToolError(error);
  });
}

/**
 * send_sms / send_whatsapp: through the organization's telephony provider (the sandbox outbox
 * on a fresh install) and the same send as a member's (`sendChannelMessage`: the opt-out ledger,
 * WhatsApp's 24-hour window, the organization's sending limits), stored on the thread with the
 * person. The do-not-call list is honoured too: a person who asked not to be contacted gets nothing.
 */
export async function sendMessageTool(
  channel: MessageChannel,
  args: Record<string, unknown>,
  ctx: ToolContext,
): Promise<unknown> {
  const { to, visitor } = recipientOf(ctx, 'phone', args.to);
  const message = text(args.message, 'message', 1600);
  const blocked = await builtinServices().doNotCallEntry(ctx.db, ctx.organizationId, to);
  if (blocked)
    throw new ToolError(`Not sent: ${to} asked not to be contacted (the do-not-contact list)`);
  const number = await senderNumber(ctx, channel);
  if (!number)
    throw new ToolError(
      `This organization has no number enabled for ${channel === 'sms' ? 'SMS' : 'WhatsApp'}`,
    );
  const sent = await countedSend(ctx, { channel, address: to, visitor }, () =>
    builtinServices().sendChannelMessage(ctx, {
      orgId: ctx.organizationId,
      channel,
      number,
      to,
      text: message,
      author: 'agent',
    }),
  );
  return {
    sent: true,
    channel,
    to,
    from: number.phoneNumber,
    status: sent.status,
    ...(sent.provider === 'sandbox'
      ? { sandbox: 'kept in the sandbox outbox, not delivered' }
      : {}),
  };
}

/**
 * send_email: from the conversation's mailbox (an email thread), else the organization's
 * mailbox whose agent is this agent, else its first; through its SMTP server or the sandbox
 * outbox, counted against the organization's email limit (the same send as a member's). An
 * address that unsubscribed or bounced gets nothing.
 */
export async function sendEmailTool(
  args: Record<string, unknown>,
  ctx: ToolContext,
): Promise<unknown> {
  const { to, visitor } = recipientOf(ctx, 'email', args.to);
  const subject = text(args.subject, 'subject', 200);
  const message = text(args.message, 'message', 20_000);
  const [suppressed] = await ctx.db
    .select({ reason: mailSuppressions.reason })
    .from(mailSuppressions)
    .where(
      and(
        eq(mailSuppressions.organizationId, ctx.organizationId),
        inArray(mailSuppressions.emailAddress, ledgerForms(to)),
      ),
    )
    .limit(1);
  if (suppressed)
    throw new ToolError(`Not sent: ${to} ${suppressed.reason} (no more mail to them)`);
  const rows = await ctx.db
    .select()
    .from(mailboxes)
    .where(eq(mailboxes.organizationId, ctx.organizationId))
    .orderBy(asc(mailboxes.emailAddress));
  const mailbox =
    rows.find((m) => m.emailAddress === ctx.agentAddress) ??
    rows.find((m) => m.agentName === ctx.agentName) ??
    rows[0];
  if (!mailbox) throw new ToolError('This organization has no mailbox to send email from');
  const sent = await countedSend(ctx, { channel: 'email', address: to, visitor }, () =>
    builtinServices().sendMailNow(ctx, mailbox, { to, subject, text: message }, 'agent'),
  );
  return {
    sent: true,
    channel: 'email',
    to,
    from: mailbox.emailAddress,
    status: sent.data.status,
    ...(sent.data.status === 'outbox'
      ? { sandbox: 'kept in the outbox: the mailbox has no mail server' }
      : {}),
  };
}
