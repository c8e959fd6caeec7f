import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { desc, eq } from 'drizzle-orm';
import { simulateEventRequestSchema } from '@parley/api-client';
import type { AppEnv, Services } from '../lib/env';
import { HttpError, readJson } from '../lib/http';
import { requireMembershipByKey } from '../lib/orgKey';
import { telephonyOutbox } from '../db/schema';
import { publicUrlOf, telephonyFor } from './resolve';
import { sandboxAccount, signSandboxRequest } from './sandbox';
import { answerInboundCall, type InboundContext } from './inbound';

/**
 * What a simulated SMS or WhatsApp message is handed to: the messaging intake
 * (messaging/intake.ts `recordInboundMessage`), given by app.ts, since messaging comes after
 * telephony (it sends through the provider) and telephony imports none of it.
 */
export type ReceiveMessage = (
  ctx: InboundContext,
  params: Record<string, string>,
) => Promise<{ twiml: string; agentName: string | null; conversationId: string | null }>;

/**
 * /voice/telephony/organization/{org}: which provider the organization uses (the channel screens
 * show 'Sandbox' while it is the sandbox), inbound events simulated in the sandbox, its outbox.
 */
export function telephonyRoutes(services: Services, receiveMessage: ReceiveMessage) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  app.use('*', services.requireSession);

  app.get('/organization/:org', async (c) => {
    const { orgId } = await requireMembershipByKey(db, c.get('user').id, c.req.param('org'));
    return c.json((await telephonyFor(services, orgId)).status);
  });

  app.get('/organization/:org/outbox', async (c) => {
    const { orgId } = await requireMembershipByKey(db, c.get('user').id, c.req.param('org'));
    const rows = await db
      .select()
      .from(telephonyOutbox)
      .where(eq(telephonyOutbox.organizationId, orgId))
      .orderBy(desc(telephonyOutbox.createdAt))
      .limit(200);
    return c.json({
      outbox: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        from_number: r.fromNumber,
        to_number: r.toNumber,
        body: r.body,
        provider_message_id: r.providerMessageId,
        created_at: r.createdAt.toISOString(),
      })),
    });
  });

  /** A simulated inbound call or message, signed and checked like a provider's webhook. */
  app.post('/organization/:org/simulate', async (c) => {
    const { orgId } = await requireMembershipByKey(db, c.get('user').id, c.req.param('org'));
    const body = await readJson(c, simulateEventRequestSchema);
    const { provider } = await telephonyFor(services, orgId);
    if (provider.name !== 'sandbox')
      throw new HttpError(409, 'Simulated events are only for the sandbox provider');
    const sid = randomUUID().replace(/-/g, '');
    const params: Record<string, string> =
      body.event === 'voice'
        ? {
            AccountSid: sandboxAccount,
            CallSid: `CAsandbox${sid}`,
            From: body.from,
            To: body.to,
            CallStatus: 'ringing',
            Direction: 'inbound',
          }
        : {
            AccountSid: sandboxAccount,
            MessageSid: `SMsandbox${sid}`,
            From: body.event === 'whatsapp' ? `whatsapp:${body.from}` : body.from,
            To: body.event === 'whatsapp' ? `whatsapp:${body.to}` : body.to,
            Body: body.text ?? '',
          };
    const url = `${publicUrlOf(services.env) ?? new URL(c.req.url).origin}/webhooks/sandbox/${body.event === 'voice' ? 'voice' : 'messaging'}`;
    const signed = { url, params, signature: signSandboxRequest(url, params) };
    if (!provider.validateWebhook(signed)) throw new HttpError(403, 'Invalid sandbox signature');
    const ctx: InboundContext = {
      db,
      env: services.env,
      provider: 'sandbox',
      account: sandboxAccount,
      orgIds: [orgId],
      replies: services.replies,
    };
    if (body.event === 'voice') {
      const answer = await answerInboundCall(ctx, params);
      return c.json({
        success: true,
        twiml: answer.twiml,
        answered_by: answer.answeredBy,
        agent_id: answer.agentId,
        conversation_id: answer.conversationId,
      });
    }
    const result = await receiveMessage(ctx, params);
    return c.json({
      success: true,
      twiml: result.twiml,
      answered_by: result.agentName ? 'agent' : 'unassigned',
      agent_id: result.agentName,
      conversation_id: result.conversationId,
    });
  });
  return app;
}
