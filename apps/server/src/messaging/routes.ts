import { Hono, type Context } from 'hono';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  smsMessages,
  smsSendRequestSchema,
  toValidationError,
  whatsappMessages,
  whatsappSendRequestSchema,
} from '@parley/api-client';
import type { z } from 'zod';
import type { AppEnv, Services } from '../lib/env';
import { HttpError } from '../lib/http';
import { organizationOf } from '../lib/tenancy';
import { conversations, phoneNumbers } from '../db/schema';
import { latestMessagesOf } from './threadMessages';
import { isOptConfirmation } from './optOut';
import type { Db } from '../db/client';
import { sendLimitsOf, sendLimitsReport } from './sendLimits';
import {
  channelAgent,
  sendChannelMessage,
  type MessageChannel,
  type NumberRow,
} from './channelSend';
import { sharedProvidersServe } from '../lib/sharedProviders';
import {
  assertNotHeldElsewhere,
  channelSet,
  enabledColumn,
  listNumbers,
  sendingNumbers,
} from '../phone-numbers/numbers';

type Channel = MessageChannel;
/** The Outbound page's list: this many threads, this many messages each. */
const threadLimit = 50;
const messagesPerThread = 100;
export { templateNeededMessage, whatsappWindowMs, channelAgent } from './channelSend';

/** A form-encoded or JSON body, as an object of fields. */
export async function readFields(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  if ((c.req.header('Content-Type') ?? '').includes('application/json')) {
    try {
      const value = JSON.parse(text) as unknown;
      if (value && typeof value === 'object' && !Array.isArray(value))
        return value as Record<string, unknown>;
    } catch {
      /* below */
    }
    throw new HttpError(400, 'body: Malformed JSON');
  }
  return Object.fromEntries(new URLSearchParams(text));
}

export function validate<S extends z.ZodType>(schema: S, fields: unknown): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    const body = toValidationError(parsed.error);
    throw new HttpError(400, body.error, { issues: body.issues });
  }
  return parsed.data;
}

/**
 * The organization of a request: `organization_id` (query or body) the user belongs to, or the
 * user's only organization. Another organization's id answers 404.
 */
export async function orgOf(c: Context<AppEnv>, db: Db, fields: Record<string, unknown> = {}) {
  const asked = c.req.query('organization_id') ?? fields.organization_id;
  return organizationOf(db, c.get('user').id, asked);
}

const channelFlag = (channel: Channel) => enabledColumn(channel);

/** Lists for an organization leave out shared numbers when the shared resources do not serve it. */
async function listOptions(services: Services, orgId: string) {
  const served = await sharedProvidersServe(services.db, services.env, orgId);
  return { unservedOrgIds: served ? [] : [orgId] };
}

/**
 * /messaging: the SMS and WhatsApp calls of the spec for the signed-in user's organization. Sends
 * go through the organization's telephony provider (the sandbox outbox by default) and are stored
 * on the conversation with the recipient.
 */
export function messagingRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  app.use('*', services.requireSession);
  // A bad PARLEY_SEND_LIMIT* setting stops the server at start, naming the variable.
  const limits = sendLimitsOf(services.env);

  /** The organization's sending limits and what it sent in the last minute and day. */
  app.get('/send-limits', async (c) => {
    const orgId = await orgOf(c, db);
    return c.json(await sendLimitsReport(db, limits, orgId));
  });

  app.get('/phone-numbers/available', async (c) => {
    const orgId = await orgOf(c, db);
    const numbers = await listNumbers(db, [orgId], await listOptions(services, orgId));
    return c.json({ phone_numbers: numbers, count: numbers.length });
  });

  for (const channel of ['sms', 'whatsapp'] as const) {
    app.get(`/${channel}/phone-numbers`, async (c) => {
      const orgId = await orgOf(c, db);
      const numbers = await listNumbers(db, [orgId], {
        ...(await listOptions(services, orgId)),
        enabledFor: channel,
      });
      return c.json({ phone_numbers: numbers, count: numbers.length });
    });

    app.get(`/${channel}/list-receiving-number-agents`, async (c) => {
      const orgId = await orgOf(c, db);
      const rows = (await sendingNumbers(db, orgId, channel)).filter((r) =>
        channelAgent(r, channel),
      );
      const activity = await db
        .select({
          address: conversations.agentAddress,
          at: sql<Date | string>`max(${conversations.updatedAt})`,
        })
        .from(conversations)
        .where(and(eq(conversations.organizationId, orgId), eq(conversations.channel, channel)))
        .groupBy(conversations.agentAddress);
      const last = new Map(activity.map((a) => [a.address, new Date(a.at).toISOString()]));
      const mappings = Object.fromEntries(
        rows.map((r) => [
          r.phoneNumber.replace(/\D/g, ''),
          {
            receiving_number: r.phoneNumber,
            agent_id: channelAgent(r, channel),
            agent_url: `agent:${channelAgent(r, channel)}`,
            assigned_at:
              (channel === 'sms' ? r.smsAssignedAt : r.whatsappAssignedAt)?.toISOString() ?? null,
            last_activity: last.get(r.phoneNumber) ?? null,
          },
        ]),
      );
      return c.json({ receiving_number_mappings: mappings, total_mappings: rows.length });
    });

    /** The channel's threads (sent and received), most recently active first, newest message first. */
    app.get(`/${channel}/messages`, async (c) => {
      const orgId = await orgOf(c, db);
      const threads = await db
        .select()
        .from(conversations)
        .where(and(eq(conversations.organizationId, orgId), eq(conversations.channel, channel)))
        .orderBy(desc(conversations.updatedAt))
        .limit(threadLimit);
      // At most `messagesPerThread` per thread, newest first (ranked in the database).
      const rows = await latestMessagesOf(
        db,
        threads.map((t) => t.id),
        messagesPerThread,
      );
      const byThread = new Map<string, typeof rows>();
      for (const m of rows) {
        const list = byThread.get(m.conversationId) ?? [];
        list.push(m);
        byThread.set(m.conversationId, list);
      }
      return c.json({
        conversations: threads.map((t) => ({
          id: t.id,
          agent_id: t.agentName,
          our_number: t.agentAddress,
          end_user: t.endUser,
          updated_at: t.updatedAt.toISOString(),
          messages: (byThread.get(t.id) ?? []).map((m) => ({
            id: m.id,
            direction: m.direction ?? null,
            author: m.author ?? null,
            text: m.content,
            status: m.status,
            offline: m.offline,
            error: m.error,
            created_at: m.createdAt.toISOString(),
            ...(m.toolSteps?.length ? { tool_steps: m.toolSteps } : {}),
            ...(isOptConfirmation(m.metadata?.opt_confirmation)
              ? { automatic: m.metadata.opt_confirmation }
              : {}),
          })),
        })),
      });
    });

    app.delete(`/${channel}/unassign-receiving-number-agent/:number`, async (c) => {
      const orgId = await orgOf(c, db);
      const digits = c.req.param('number').replace(/^\+/, '');
      if (!/^[1-9]\d{1,14}$/.test(digits))
        throw new HttpError(400, 'number: Please enter a valid phone number (e.g., +1234567890)');
      // This channel only: the number's other channels keep their agents.
      const done = await db
        .update(phoneNumbers)
        .set({ ...channelSet(channel, null, null), updatedAt: new Date() })
        .where(
          and(
            eq(phoneNumbers.organizationId, orgId),
            eq(phoneNumbers.phoneNumber, `+${digits}`),
            eq(channelFlag(channel), true),
          ),
        )
        .returning({ id: phoneNumbers.id });
      if (!done.length) throw new HttpError(404, 'Receiving number not found');
      return c.json({ success: true, message: smsMessages.unassigned });
    });
  }

  app.post('/sms/send-message', async (c) => {
    const fields = await readFields(c);
    const orgId = await orgOf(c, db, fields);
    const body = validate(smsSendRequestSchema, fields);
    const [number] = await db
      .select()
      .from(phoneNumbers)
      .where(
        and(
          eq(phoneNumbers.organizationId, orgId),
          eq(phoneNumbers.phoneNumber, body.from_number),
          eq(phoneNumbers.smsEnabled, true),
        ),
      )
      .limit(1);
    if (!number)
      throw new HttpError(
        400,
        "from_number: is not one of this organization's SMS-enabled numbers",
      );
    await assertNotHeldElsewhere(db, number, 'from_number');
    return send(c, services, orgId, 'sms', number, body.to_number, body.message_text, {
      words: smsMessages,
    });
  });

  app.post('/whatsapp/send-message', async (c) => {
    const fields = await readFields(c);
    const orgId = await orgOf(c, db, fields);
    const body = validate(whatsappSendRequestSchema, fields);
    if (body.receiving_number) {
      const [asked] = await db
        .select()
        .from(phoneNumbers)
        .where(
          and(
            eq(phoneNumbers.organizationId, orgId),
            eq(phoneNumbers.phoneNumber, body.receiving_number),
            eq(phoneNumbers.whatsappEnabled, true),
          ),
        )
        .limit(1);
      if (asked) await assertNotHeldElsewhere(db, asked, 'receiving_number');
    }
    const numbers = (await sendingNumbers(db, orgId, 'whatsapp')).filter(
      (n) => !body.receiving_number || n.phoneNumber === body.receiving_number,
    );
    const number = numbers.find((n) => n.whatsappAgentName) ?? numbers[0];
    if (!number)
      throw new HttpError(
        400,
        body.receiving_number
          ? "receiving_number: is not one of this organization's WhatsApp-enabled numbers"
          : 'receiving_number: this organization has no WhatsApp-enabled number',
      );
    return send(c, services, orgId, 'whatsapp', number, body.to_number, body.message_text, {
      words: whatsappMessages,
      template: body.message_type === 'template',
    });
  });

  return app;
}

/** The `Idempotency-Key` header: a retry with the same key answers the first send (24 h). */
function idempotencyKeyOf(c: Context): string | null {
  const key = c.req.header('Idempotency-Key');
  if (key === undefined) return null;
  if (!/^[\x21-\x7e]{1,255}$/.test(key))
    throw new HttpError(400, 'Idempotency-Key: must be 1 to 255 printable characters');
  return key;
}

/** A member's send (see `sendChannelMessage`), answered as the spec's send calls answer. */
async function send(
  c: Context,
  services: Services,
  orgId: string,
  channel: Channel,
  number: NumberRow,
  to: string,
  text: string,
  options: { words: { sent: string }; template?: boolean },
) {
  const idempotencyKey = idempotencyKeyOf(c);
  const sent = await sendChannelMessage(services, {
    orgId,
    channel,
    number,
    to,
    text,
    author: 'member',
    template: options.template,
    idempotencyKey,
  });
  return c.json({
    success: true,
    message: options.words.sent,
    ...(sent.replayed ? { replayed: true } : {}),
    data: {
      message_sid: sent.providerMessageId,
      status: sent.status,
      from_number: number.phoneNumber,
      to_number: to,
      channel,
      conversation_id: sent.conversationId,
      provider: sent.provider,
    },
    timestamp: new Date().toISOString(),
  });
}
