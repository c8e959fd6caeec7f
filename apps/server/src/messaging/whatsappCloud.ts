import { createHmac, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { Services } from '../lib/env';
import { HttpError } from '../lib/http';
import {
  decryptCredentials,
  integrationsByAccount,
  registerIntegrationProvider,
} from '../integrations/store';
import { integrations } from '../db/schema';
import { eq } from 'drizzle-orm';
import { recordInboundMessage } from '../telephony/inbound';

/** The integration of Meta's WhatsApp Cloud API: found by the webhook's phone_number_id. */
export const whatsappCloudProvider = 'whatsapp_cloud';
// Its credentials' format: whatsappCloudCredentialsSchema (the contract).
registerIntegrationProvider(whatsappCloudProvider, {
  accountId: (c) => c.phone_number_id!,
});

/** X-Hub-Signature-256 ('sha256=' + hex HMAC-SHA256 of the raw body with the app secret). */
export function validHubSignature(appSecret: string, rawBody: string, header: string | undefined) {
  if (!appSecret || !header?.startsWith('sha256=')) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody, 'utf8').digest();
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

interface CloudMessage {
  from?: string;
  id?: string;
  type?: string;
  text?: { body?: string };
}
interface CloudPayload {
  object?: string;
  entry?: Array<{
    changes?: Array<{
      value?: {
        metadata?: { display_phone_number?: string; phone_number_id?: string };
        messages?: CloudMessage[];
      };
    }>;
  }>;
}

const e164 = (digits: string) => `+${digits.replace(/\D/g, '')}`;

/**
 * /webhooks/whatsapp-cloud: Meta's verification handshake (GET echoes hub.challenge when
 * hub.verify_token matches an organization's or the server's META_WHATSAPP_VERIFY_TOKEN) and its
 * events (POST, trusted only when X-Hub-Signature-256 matches the raw body with the app secret of
 * the integration naming that phone_number_id, or META_APP_SECRET). Text messages are stored and
 * answered like Twilio's WhatsApp messages.
 */
export function whatsappCloudRoutes(services: Services) {
  const app = new Hono();
  app.get('/', async (c) => {
    const mode = c.req.query('hub.mode');
    const token = c.req.query('hub.verify_token') ?? '';
    const challenge = c.req.query('hub.challenge') ?? '';
    if (mode !== 'subscribe' || !token) throw new HttpError(403, 'Verification failed');
    const candidates = [services.env.META_WHATSAPP_VERIFY_TOKEN ?? ''];
    const rows = await services.db
      .select()
      .from(integrations)
      .where(eq(integrations.provider, whatsappCloudProvider));
    for (const row of rows)
      candidates.push(decryptCredentials(services.secrets, row).verify_token ?? '');
    if (!candidates.some((t) => t && sameSecret(t, token)))
      throw new HttpError(403, 'Verification failed');
    return c.text(challenge, 200);
  });

  app.post('/', async (c) => {
    const raw = await c.req.text();
    const signature = c.req.header('X-Hub-Signature-256');
    let payload: CloudPayload;
    try {
      payload = JSON.parse(raw) as CloudPayload;
    } catch {
      throw new HttpError(403, 'Invalid or missing X-Hub-Signature-256');
    }
    const values = (payload.entry ?? []).flatMap((e) => (e.changes ?? []).map((ch) => ch.value));
    const phoneNumberId = values[0]?.metadata?.phone_number_id ?? '';
    const orgIds: string[] = [];
    if (phoneNumberId) {
      for (const row of await integrationsByAccount(
        services.db,
        whatsappCloudProvider,
        phoneNumberId,
      )) {
        const secret = decryptCredentials(services.secrets, row).app_secret ?? '';
        if (validHubSignature(secret, raw, signature)) orgIds.push(row.organizationId);
      }
    }
    const serverValid = validHubSignature(services.env.META_APP_SECRET ?? '', raw, signature);
    if (!orgIds.length && !serverValid)
      throw new HttpError(403, 'Invalid or missing X-Hub-Signature-256');
    let stored = 0;
    for (const value of values) {
      const to = value?.metadata?.display_phone_number;
      if (!to) continue;
      for (const m of value?.messages ?? []) {
        if (m.type !== 'text' || !m.from || !m.id) continue;
        const result = await recordInboundMessage(
          {
            db: services.db,
            env: services.env,
            provider: whatsappCloudProvider,
            account: value?.metadata?.phone_number_id ?? '',
            orgIds: serverValid ? null : orgIds,
            anyProvider: true,
            replies: services.replies,
          },
          {
            MessageSid: m.id,
            From: `whatsapp:${e164(m.from)}`,
            To: `whatsapp:${e164(to)}`,
            Body: m.text?.body ?? '',
          },
        );
        if (result.stored) stored++;
      }
    }
    return c.json({ success: true, stored });
  });
  return app;
}
