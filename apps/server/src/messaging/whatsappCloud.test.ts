import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newAgentId, toolsDefaults, type PhoneNumberWire } from '@parley/api-client';
import { startTestServer, type TestServer } from '../../test/harness';
import { messages, telephonyOutbox } from '../db/schema';

const appSecret = 'meta-app-secret-0001';
const verifyToken = 'meta-verify-token-0001';
let server: TestServer;
let number: PhoneNumberWire;

beforeAll(async () => {
  server = await startTestServer({
    env: {
      META_APP_SECRET: appSecret,
      META_WHATSAPP_VERIFY_TOKEN: verifyToken,
      PARLEY_REPLY_POLL_MS: '50',
    },
  });
  const user = server.newUser();
  const org = await user.withOrg('Cloud Org');
  const agent = newAgentId('cloud');
  await user.agents.update(agent, { organization_id: org, ...toolsDefaults, status: 'active' });
  await user.voice.syncAllProviders({ organization_id: org });
  number = (await user.voice.phoneNumberPage(org)).phone_numbers.find((n) => n.whatsapp_enabled)!;
  await user.voice.assign(number.phone_id, agent, ['whatsapp']);
});
afterAll(async () => {
  await server?.close();
});

const payload = (id: string, from: string) =>
  JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA1',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: number.phone_number.slice(1),
                phone_number_id: '1234567890',
              },
              messages: [{ from, id, timestamp: '1700000000', type: 'text', text: { body: 'Hi' } }],
            },
          },
        ],
      },
    ],
  });

const post = (body: string, signature: string | null) =>
  fetch(`${server.url}/webhooks/whatsapp-cloud`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(signature ? { 'X-Hub-Signature-256': signature } : {}),
    },
    body,
  });
const sign = (body: string, secret = appSecret) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

describe("Meta's WhatsApp Cloud API webhook", () => {
  it('verification echoes hub.challenge only for the right verify token', async () => {
    const ok = await fetch(
      `${server.url}/webhooks/whatsapp-cloud?hub.mode=subscribe&hub.verify_token=${verifyToken}&hub.challenge=1158201444`,
    );
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    const bad = await fetch(
      `${server.url}/webhooks/whatsapp-cloud?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1`,
    );
    expect(bad.status).toBe(403);
  });

  it('a bad or missing X-Hub-Signature-256 › 403, nothing stored', async () => {
    const body = payload('wamid.BAD1', '15005550501');
    expect((await post(body, null)).status).toBe(403);
    expect((await post(body, sign(body, 'wrong-secret'))).status).toBe(403);
    expect((await post(body.replace('Hi', 'Ho'), sign(body))).status).toBe(403);
    const stored = await server.db
      .select()
      .from(messages)
      .where(eq(messages.providerMessageId, 'wamid.BAD1'));
    expect(stored).toHaveLength(0);
  });

  it('a signed message (delivered twice) is stored once and answered by the agent once', async () => {
    const body = payload('wamid.OK1', '15005550502');
    expect((await post(body, sign(body))).status).toBe(200);
    expect((await post(body, sign(body))).status).toBe(200);
    const stored = await server.db
      .select()
      .from(messages)
      .where(eq(messages.providerMessageId, 'wamid.OK1'));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ provider: 'whatsapp_cloud', content: 'Hi' });
    const end = Date.now() + 5000;
    const sent = () =>
      server.db.select().from(telephonyOutbox).where(eq(telephonyOutbox.toNumber, '+15005550502'));
    while (Date.now() < end && (await sent()).length === 0)
      await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 300));
    const out = await server.db
      .select()
      .from(telephonyOutbox)
      .where(eq(telephonyOutbox.toNumber, '+15005550502'));
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ kind: 'whatsapp', fromNumber: number.phone_number });
  });
});
