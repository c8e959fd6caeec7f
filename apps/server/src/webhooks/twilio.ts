import { Hono, type Context } from 'hono';
import type { Services } from '../lib/env';
import { HttpError } from '../lib/http';
import { decryptCredentials, integrationsByAccount } from '../integrations/store';
import type { WebhookRequest } from '../telephony/provider';
import { publicUrlOf } from '../lib/publicUrl';
import { serverTwilioCredentials } from '../telephony/resolve';
import { validateTwilioWebhook } from '../telephony/twilio';
import type { Scheduler } from '../scheduling/scheduler';
import { answerOutboundCall, outboundAmd, outboundStatus } from '../scheduling/outbound';
import { answerInboundCall, recordCallStatus, type InboundContext } from '../telephony/inbound';
import { recordInboundMessage } from '../messaging/intake';
import { whisperFor } from '../handoff/transfer';
import { whisperTwiml } from '../telephony/twiml';

const invalidSignature = 'Invalid or missing X-Twilio-Signature';
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The URL Twilio signed: PUBLIC_URL + path + query (the request's own URL without PUBLIC_URL). */
export function signedUrl(c: Context, env: Record<string, string | undefined>): string {
  const publicUrl = publicUrlOf(env);
  if (!publicUrl) return c.req.url;
  const url = new URL(c.req.url);
  return `${publicUrl}${url.pathname}${url.search}`;
}

/**
 * Checks a Twilio webhook before anything else: the signature header must be there and match,
 * with the auth token of an organization whose integration names the request's AccountSid, or
 * the server's TWILIO_AUTH_TOKEN. Otherwise 403 and nothing is read from or written to the
 * database beyond finding the candidate tokens.
 */
async function verifiedTwilio(
  c: Context,
  services: Services,
): Promise<{ ctx: InboundContext; params: Record<string, string> }> {
  const signature = c.req.header('X-Twilio-Signature');
  if (!signature) throw new HttpError(403, invalidSignature);
  // The raw bytes (at most the webhooks' 1 MB, see app.ts) are checked before any parsing.
  const raw = await c.req.text();
  const isJson = (c.req.header('Content-Type') ?? '').includes('application/json');
  let params: Record<string, string> = {};
  let accountSid: string;
  const request: WebhookRequest = { url: signedUrl(c, services.env), signature };
  if (isJson) {
    // A JSON webhook is signed over the URL and the body's SHA-256: its account is found with a
    // scan of the raw text, and the JSON is parsed only once the signature matched (below).
    request.rawBody = raw;
    accountSid = jsonAccountSid.exec(raw)?.[1] ?? '';
  } else {
    // A form's signature covers its fields: they are read first (linear, within the limit).
    params = Object.fromEntries(new URLSearchParams(raw));
    request.params = params;
    accountSid = params.AccountSid ?? '';
  }
  if (!accountSid) throw new HttpError(403, invalidSignature);

  const orgIds: string[] = [];
  for (const row of await integrationsByAccount(services.db, 'twilio', accountSid)) {
    const token = decryptCredentials(services.secrets, row).auth_token ?? '';
    if (validateTwilioWebhook(token, request)) orgIds.push(row.organizationId);
  }
  const server = serverTwilioCredentials(services.env);
  const serverValid =
    server?.accountSid === accountSid && validateTwilioWebhook(server.authToken, request);
  if (!orgIds.length && !serverValid) throw new HttpError(403, invalidSignature);
  if (isJson) params = signedJsonFields(raw);
  return {
    ctx: {
      db: services.db,
      env: services.env,
      provider: 'twilio',
      account: accountSid,
      orgIds: serverValid ? null : orgIds,
      replies: services.replies,
    },
    params,
  };
}

/** The account of a JSON webhook, read from the raw text (no parsing before the signature). */
const jsonAccountSid = /"(?:AccountSid|account_sid)"\s*:\s*"(AC[0-9a-fA-F]{32})"/;

/** A signed JSON body's top-level fields as strings; not an object → 400. */
function signedJsonFields(raw: string): Record<string, string> {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new HttpError(400, 'body: Malformed JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new HttpError(400, 'body: must be a JSON object');
  return Object.fromEntries(
    Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
}

const xml = (c: Context, body: string) => c.body(body, 200, { 'Content-Type': 'text/xml' });

/**
 * /webhooks/twilio/*: voice (answer a call), status (a call ended), messaging (SMS, WhatsApp), a
 * scheduled call's answer and status. A provider's webhook calls down into the rooms it serves
 * (telephony, messaging, scheduling, handoff), so it lives after them, here.
 */
export function twilioWebhookRoutes(services: Services, scheduler?: Scheduler) {
  const app = new Hono();
  // A scheduled call's answer, answering-machine result and status (scheduling/outbound.ts).
  if (scheduler) {
    app.post('/twilio/outbound/:id/answer', async (c) => {
      const { ctx, params } = await verifiedTwilio(c, services);
      return xml(
        c,
        await answerOutboundCall(scheduler.deps, c.req.param('id'), params, ctx.orgIds),
      );
    });
    app.post('/twilio/outbound/:id/amd', async (c) => {
      const { ctx, params } = await verifiedTwilio(c, services);
      await outboundAmd(scheduler.deps, c.req.param('id'), params, ctx.orgIds);
      return c.body(null, 204);
    });
    app.post('/twilio/outbound/:id/status', async (c) => {
      const { ctx, params } = await verifiedTwilio(c, services);
      await recordCallStatus(ctx, params);
      const { ended } = await outboundStatus(scheduler.deps, c.req.param('id'), params, ctx.orgIds);
      if (ended) scheduler.wake();
      return c.body(null, 204);
    });
  }
  app.post('/twilio/voice', async (c) => {
    const { ctx, params } = await verifiedTwilio(c, services);
    const answer = await answerInboundCall(ctx, params);
    return xml(c, answer.twiml);
  });
  app.post('/twilio/status', async (c) => {
    const { ctx, params } = await verifiedTwilio(c, services);
    await recordCallStatus(ctx, params);
    return c.body(null, 204);
  });
  // A call put through to the member on duty (request_human): the line they hear first.
  app.post('/twilio/whisper/:id', async (c) => {
    const { ctx } = await verifiedTwilio(c, services);
    const id = c.req.param('id');
    const found = uuidPattern.test(id) ? await whisperFor(services.db, id) : null;
    const mine = found && (!ctx.orgIds || ctx.orgIds.includes(found.organizationId));
    return xml(c, whisperTwiml(mine ? found.text : null));
  });
  app.post('/twilio/messaging', async (c) => {
    const { ctx, params } = await verifiedTwilio(c, services);
    return xml(c, (await recordInboundMessage(ctx, params)).twiml);
  });
  return app;
}
