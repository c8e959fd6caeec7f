import { and, count, eq, gt, sql } from 'drizzle-orm';
import { phonePattern } from '@parley/api-client';
import type { Db } from '../db/client';
import { visitorSends } from '../db/schema';
import { builtinServices } from './builtinServices';
import type { ToolContext } from './context';
import { ToolError } from './httpTool';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * What a visitor's web chat may send (docs/tools.md, "Visitors and the send tools"), with the
 * agent's 'Let visitors receive e-mails/texts' on: messages per conversation, per visitor in 24
 * hours, and the visitors' share of the organization's daily sending limit of the channel (the
 * rest of it stays for the organization's own sends).
 */
export const visitorSendLimits = {
  perConversation: 2,
  perVisitorPerDay: 3,
  /** Of the organization's per-day limit of the channel (1,000 by default: 100). */
  organizationShare: 0.1,
} as const;

export type SendKind = 'phone' | 'email';

/** The conversation is a web chat (widget, public page, /v1; a browser voice call): no verified address. */
function isWebConversation(ctx: Pick<ToolContext, 'channel' | 'endUser'>): boolean {
  if (ctx.channel === 'chat') return true;
  return ctx.channel === 'voice' && !phonePattern.test(ctx.endUser?.trim() ?? '');
}

const what = (kind: SendKind) => (kind === 'phone' ? 'phone number' : 'e-mail address');

/**
 * Who a send tool writes to, and whether it is a visitor's send to an address they named.
 *
 * - The conversation's own address of that kind (the number an SMS, WhatsApp or phone call came
 *   from, the address of an e-mail thread) is the only one: a `to` that differs is refused.
 * - A member's conversation (the console's test chat, an agent test) may name another in `to`.
 * - A visitor's conversation on a channel with an address (SMS, WhatsApp, a phone call, e-mail)
 *   sends nothing to another kind of address: only the channel it came from is verified.
 * - A visitor's web chat may name one in `to` only when the agent lets visitors receive
 *   e-mails/texts; such a send is then counted against the visitor limits (`reserveVisitorSend`).
 */
export function recipientOf(
  ctx: Pick<ToolContext, 'endUser' | 'channel' | 'sender' | 'visitorSends'>,
  kind: SendKind,
  given: unknown,
): { to: string; visitor: boolean } {
  const pattern = kind === 'phone' ? phonePattern : emailPattern;
  const own = ctx.endUser?.trim() ?? '';
  const asked = typeof given === 'string' ? given.trim() : '';
  const same = (a: string, b: string) =>
    kind === 'email' ? a.toLowerCase() === b.toLowerCase() : a === b;
  if (pattern.test(own)) {
    if (asked && !same(asked, own))
      throw new ToolError(
        `This conversation is with ${own}: messages go only to them, not to ${asked}`,
      );
    return { to: kind === 'email' ? own.toLowerCase() : own, visitor: false };
  }
  const member = ctx.sender === 'member';
  if (!member && !isWebConversation(ctx))
    throw new ToolError(
      `Not sent: this ${ctx.channel} conversation can only be answered on its own channel; a message to another ${what(kind)} cannot be sent from it`,
    );
  if (!member && !ctx.visitorSends)
    throw new ToolError(
      "Not sent: this agent does not send e-mails or texts to the people who chat on the web (its setting 'Let visitors receive e-mails/texts' is off); tell the person it cannot be sent",
    );
  if (!asked)
    throw new ToolError(
      `This ${ctx.channel} conversation has no ${what(kind)}: ask the person for it and give it as "to"`,
    );
  if (!pattern.test(asked))
    throw new ToolError(
      kind === 'phone'
        ? `to must be a phone number in international format (e.g. +14155550100), not ${asked}`
        : `to must be an e-mail address, not ${asked}`,
    );
  return { to: kind === 'email' ? asked.toLowerCase() : asked, visitor: !member };
}

/**
 * Takes one of a web visitor's sends before it is made (in one transaction under a lock per
 * organization, so sends at once cannot pass together): per conversation, per visitor in 24 hours,
 * and the visitors' share of the organization's daily limit of the channel. Refused → ToolError
 * naming the limit (the model tells the person); the returned function gives the place back when
 * the send itself was refused.
 */
export async function reserveVisitorSend(
  ctx: Pick<
    ToolContext,
    'db' | 'env' | 'organizationId' | 'agentName' | 'conversationId' | 'endUser'
  >,
  channel: 'sms' | 'whatsapp' | 'email',
  to: string,
  now = new Date(),
): Promise<() => Promise<void>> {
  const conversationId = ctx.conversationId;
  if (!conversationId) throw new ToolError('Not sent: a visitor send needs a conversation');
  const visitor = ctx.endUser ?? '';
  const since = new Date(now.getTime() - 24 * 3600_000);
  const share = Math.max(
    1,
    Math.floor(
      builtinServices().sendsPerDay(ctx.env, ctx.organizationId) *
        visitorSendLimits.organizationShare,
    ),
  );
  const id = await ctx.db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtext(${`visitor-sends:${ctx.organizationId}`}))`,
    );
    const n = async (...where: Parameters<typeof and>) =>
      Number(
        (
          await tx
            .select({ n: count() })
            .from(visitorSends)
            .where(and(...where))
        )[0]?.n ?? 0,
      );
    const org = eq(visitorSends.organizationId, ctx.organizationId);
    if (
      (await n(org, eq(visitorSends.conversationId, conversationId))) >=
      visitorSendLimits.perConversation
    )
      throw new ToolError(
        `Not sent: at most ${visitorSendLimits.perConversation} messages are sent from one web chat, and they were sent already`,
      );
    if (
      (await n(
        org,
        eq(visitorSends.agentName, ctx.agentName),
        eq(visitorSends.visitor, visitor),
        gt(visitorSends.createdAt, since),
      )) >= visitorSendLimits.perVisitorPerDay
    )
      throw new ToolError(
        `Not sent: at most ${visitorSendLimits.perVisitorPerDay} messages a day are sent to one visitor of the web chat; try again tomorrow`,
      );
    if (
      (await n(org, eq(visitorSends.channel, channel), gt(visitorSends.createdAt, since))) >= share
    )
      throw new ToolError(
        `Not sent: the messages this organization sends for its web visitors are used up for today (${share} a day); the rest of its sending is kept for its own messages`,
      );
    const [row] = await tx
      .insert(visitorSends)
      .values({
        organizationId: ctx.organizationId,
        agentName: ctx.agentName,
        conversationId,
        visitor,
        channel,
        recipient: to,
        createdAt: now,
      })
      .returning({ id: visitorSends.id });
    return row!.id;
  });
  return async () => {
    await ctx.db.delete(visitorSends).where(eq(visitorSends.id, id));
  };
}
