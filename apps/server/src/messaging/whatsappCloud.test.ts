import { createHmac } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { newAgentId, toolsDefaults, type PhoneNumberWire } from '@parley/api-client';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness';
import { messages, telephonyOutbox } from '../db/schema';
import { maxWhatsappCloudEvents } from './whatsappCloud';

// Realistic formats (checked when saved): a 32-hex app secret, an access token of 32+ characters.
const appSecret = '0123456789abcdef0123456789ab0001';
const verifyToken = 'meta-verify-token-0001';
const phoneNumberId = '1234567890';
let server: TestServer;
let number: PhoneNumberWire;
/** The integration's own callback path (from the callback URL the console shows). */
let callback: string;
/** A second organization's integration (its own secret and verify token). */
let otherCallback: string;
const otherSecret = '0123456789abcdef0123456789ab0002';
const otherToken = 'other-verify-token-0002';

async function saveCloud(user: TestUser, org: string, credentials: Record<string, string>) {
  const res = await user.raw('PUT', `/api/integrations/organization/${org}/whatsapp_cloud`, {
    credentials,
  });
  expect(res.status).toBe(200);
  const url = new URL(String(res.body.callback_url));
  expect(url.pathname).toMatch(/^\/webhooks\/whatsapp-cloud\/[0-9a-f-]{36}$/);
  return url.pathname;
}

beforeAll(async () => {
  server = await startTestServer({ env: { PARLEY_REPLY_POLL_MS: '50' } });
  const user = server.newUser();
  const org = await user.withOrg('Cloud Org');
  const agent = newAgentId('cloud');
  await user.agents.update(agent, { organization_id: org, ...toolsDefaults, status: 'active' });
  await user.voice.syncAllProviders({ organization_id: org });
  number = (await user.voice.phoneNumberPage(org)).phone_numbers.find((n) => n.whatsapp_enabled)!;
  await user.voice.assign(number.phone_id, agent, ['whatsapp']);
  callback = await saveCloud(user, org, {
    phone_number_id: phoneNumberId,
    access_token: 'EAAGmetaAccessToken0123456789abcdefABCDEF',
    app_secret: appSecret,
    verify_token: verifyToken,
  });
  const other = server.newUser();
  const otherOrg = await other.withOrg('Other Cloud Org');
  otherCallback = await saveCloud(other, otherOrg, {
    phone_number_id: phoneNumberId,
    access_token: 'EAAGotherAccessToken0123456789abcdefABCDE',
    app_secret: otherSecret,
    verify_token: otherToken,
  });
});
afterAll(async () => {
  await server?.close();
});

type CloudMessage = { from: string; id: string; body: string };
const payload = (list: CloudMessage[], statuses = 0) =>
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
                phone_number_id: phoneNumberId,
              },
              messages: list.map((m) => ({
                from: m.from,
                id: m.id,
                timestamp: '1700000000',
                type: 'text',
                text: { body: m.body },
              })),
              ...(statuses
                ? {
                    statuses: Array.from({ length: statuses }, (_, i) => ({
                      id: `wamid.S${i}`,
                      status: 'delivered',
                    })),
                  }
                : {}),
            },
          },
        ],
      },
    ],
  });
const one = (id: string, from: string, body = 'Hi') => payload([{ id, from, body }]);

const post = (body: string, signature: string | null, path = callback) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(signature ? { 'X-Hub-Signature-256': signature } : {}),
    },
    body,
  });
const sign = (body: string, secret = appSecret) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
const stored = (id: string) =>
  server.db.select().from(messages).where(eq(messages.providerMessageId, id));
const verify = (path: string, token: string) =>
  fetch(
    `${server.url}${path}?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`,
  );

/** Probes /healthz every few ms until `done` settles; returns how many answered and their statuses. */
async function probeHealth(done: Promise<unknown>) {
  const statuses: number[] = [];
  let finished = false;
  void done.finally(() => (finished = true));
  while (!finished) {
    statuses.push((await fetch(`${server.url}/healthz`)).status);
    await new Promise((r) => setTimeout(r, 5));
  }
  return statuses;
}

describe("Meta's WhatsApp Cloud API webhook: one callback per integration", () => {
  it("verification echoes hub.challenge only for that integration's verify token", async () => {
    const ok = await verify(callback, verifyToken);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    expect((await verify(callback, 'nope-nope-nope')).status).toBe(403);
    // Another organization's token does not open this integration's handshake, and vice versa.
    expect((await verify(callback, otherToken)).status).toBe(403);
    expect((await verify(otherCallback, verifyToken)).status).toBe(403);
    expect((await verify(otherCallback, otherToken)).status).toBe(200);
  });

  it('the old shared path is gone (410); an unknown integration is 404', async () => {
    const body = one('wamid.OLD1', '15005550500');
    const old = await post(body, sign(body), '/webhooks/whatsapp-cloud');
    expect(old.status).toBe(410);
    expect(((await old.json()) as { error: string }).error).toContain(
      '/webhooks/whatsapp-cloud/{integration}',
    );
    expect((await verify('/webhooks/whatsapp-cloud', verifyToken)).status).toBe(410);
    const unknown = '/webhooks/whatsapp-cloud/00000000-0000-4000-8000-000000000000';
    expect((await post(body, sign(body), unknown)).status).toBe(404);
    expect((await post(body, sign(body), '/webhooks/whatsapp-cloud/not-a-uuid')).status).toBe(404);
    expect(await stored('wamid.OLD1')).toHaveLength(0);
  });

  it("a bad or missing X-Hub-Signature-256, or another integration's secret › 403, nothing stored", async () => {
    const body = one('wamid.BAD1', '15005550501');
    expect((await post(body, null)).status).toBe(403);
    expect((await post(body, sign(body, 'wrong-secret'))).status).toBe(403);
    expect((await post(body.replace('Hi', 'Ho'), sign(body))).status).toBe(403);
    // Signed with the other organization's app secret: only that integration's path takes it.
    expect((await post(body, sign(body, otherSecret))).status).toBe(403);
    expect(await stored('wamid.BAD1')).toHaveLength(0);
  });

  it('a signed message (delivered twice) is stored once and answered by the agent once', async () => {
    const body = one('wamid.OK1', '15005550502');
    expect((await post(body, sign(body))).status).toBe(200);
    expect((await post(body, sign(body))).status).toBe(200);
    const rows = await stored('wamid.OK1');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: 'whatsapp_cloud', content: 'Hi' });
    const sent = () =>
      server.db.select().from(telephonyOutbox).where(eq(telephonyOutbox.toNumber, '+15005550502'));
    await expect.poll(async () => (await sent()).length, { timeout: 10_000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 300));
    const out = await sent();
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ kind: 'whatsapp', fromNumber: number.phone_number });
  });

  it('a batch is stored whole; a STOP in it opts its sender out (no reply to them)', async () => {
    const body = payload([
      { id: 'wamid.B1', from: '15005550521', body: 'Hello' },
      { id: 'wamid.B2', from: '15005550522', body: 'STOP' },
      { id: 'wamid.B3', from: '15005550522', body: 'And one more thing' },
      { id: 'wamid.B1', from: '15005550521', body: 'Hello' },
    ]);
    const res = await post(body, sign(body));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ stored: 3 });
    const sent = (to: string) =>
      server.db.select().from(telephonyOutbox).where(eq(telephonyOutbox.toNumber, to));
    await expect.poll(async () => (await sent('+15005550521')).length, { timeout: 10_000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 500));
    // The STOP sender gets the opt-out confirmation only, never an agent reply.
    const toStopper = await sent('+15005550522');
    expect(toStopper).toHaveLength(1);
    expect(toStopper[0]!.body).toMatch(/^You have been unsubscribed/);
  });

  it("a signed message for the other organization's integration is stored only for it", async () => {
    // The other organization has no WhatsApp number with this address: nothing is stored, and
    // the first organization's number is never reached through the other's callback.
    const body = one('wamid.CROSS1', '15005550509');
    const res = await post(body, sign(body, otherSecret), otherCallback);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ stored: 0 });
    expect(await stored('wamid.CROSS1')).toHaveLength(0);
  });

  it('malformed signed bodies answer 400 naming the field, nothing stored', async () => {
    for (const [body, field] of [
      ['{"entry":"x"}', 'entry'],
      ['{"entry":[null]}', 'entry.0'],
      ['null', 'body'],
      ['{"object":"whatsapp_business_account"}', 'entry'],
      ['{not json', 'body'],
      ['{"entry":[{"changes":[{"value":{"messages":[{"id":5}]}}]}]}', 'entry.0.changes.0.value'],
    ] as const) {
      const res = await post(body, sign(body));
      expect(res.status, body).toBe(400);
      const answer = (await res.json()) as { error: string };
      expect(answer.error.startsWith(`${field}`), `${body} → ${answer.error}`).toBe(true);
    }
  });

  it('a signed message with a NUL and other control characters is stored cleaned (200)', async () => {
    const body = one('wamid.NUL1', '15005550503', 'Hel\u0000lo\u0007 there\nbye\t!');
    const res = await post(body, sign(body));
    expect(res.status).toBe(200);
    const rows = await stored('wamid.NUL1');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.content).toBe('Hello there\nbye\t!');
  });
});

describe('bounded webhooks', () => {
  const batch = (prefix: string, n: number) =>
    Array.from({ length: n }, (_, i) => ({
      id: `${prefix}${i}`,
      from: `1500555${String(1000 + (i % 50)).padStart(4, '0')}`,
      body: `Message ${i}`,
    }));
  const storedLike = (prefix: string) =>
    server.db
      .select({ id: messages.id })
      .from(messages)
      .where(like(messages.providerMessageId, `${prefix}%`));

  it(`a signed webhook of 5,000 messages is refused (413 naming the cap of ${maxWhatsappCloudEvents}), nothing stored, /healthz answered throughout`, async () => {
    const body = payload(batch('wamid.FLOOD', 5000));
    expect(body.length).toBeLessThan(1024 * 1024);
    const sending = post(body, sign(body));
    const health = await probeHealth(sending);
    const res = await sending;
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toContain(
      `at most ${maxWhatsappCloudEvents} messages and statuses (this one has 5000)`,
    );
    expect(health.length).toBeGreaterThan(0);
    expect(health.every((s) => s === 200)).toBe(true);
    expect(await storedLike('wamid.FLOOD')).toHaveLength(0);
  });

  it('statuses count toward the cap; exactly the cap is stored whole', async () => {
    const over = payload(batch('wamid.OVER', maxWhatsappCloudEvents), 1);
    expect((await post(over, sign(over))).status).toBe(413);
    expect(await storedLike('wamid.OVER')).toHaveLength(0);
    const full = payload(batch('wamid.CAP', maxWhatsappCloudEvents));
    const res = await post(full, sign(full));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ stored: maxWhatsappCloudEvents });
    expect(await storedLike('wamid.CAP')).toHaveLength(maxWhatsappCloudEvents);
  });

  /**
   * Streams a nested JSON body of `totalBytes` (chunked, no Content-Length) until the server
   * answers; returns the answer and how many bytes had been sent by then.
   */
  function streamNested(path: string, totalBytes: number) {
    const chunk = Buffer.from('{"a":['.repeat(10_000));
    return new Promise<{ status: number; body: string; sentBeforeAnswer: number }>(
      (resolve, reject) => {
        let sent = 0;
        let answered = false;
        const req = request(`${server.url}${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': 'sha256=00' },
        });
        req.on('error', (e) => (answered ? undefined : reject(e)));
        req.on('response', (res) => {
          answered = true;
          const sentBeforeAnswer = sent;
          let body = '';
          res.on('data', (d: Buffer) => (body += d.toString()));
          res.on('end', () => {
            req.destroy();
            resolve({ status: res.statusCode ?? 0, body, sentBeforeAnswer });
          });
        });
        const pump = () => {
          while (!answered && sent < totalBytes) {
            sent += chunk.length;
            if (!req.write(chunk)) return void req.once('drain', pump);
          }
          if (!answered) req.end();
        };
        pump();
      },
    );
  }

  it('4 concurrent ~8 MB nested JSON bodies to /webhooks/* are refused (413 naming 1 MB) while streaming in', async () => {
    const paths = [callback, '/webhooks/twilio/messaging', callback, '/webhooks/twilio/status'];
    const total = 8 * 1024 * 1024;
    const sending = Promise.all(paths.map((path) => streamNested(path, total)));
    const health = await probeHealth(sending);
    for (const res of await sending) {
      expect(res.status).toBe(413);
      expect(res.body).toContain('larger than the 1 MB limit');
    }
    expect(health.every((s) => s === 200)).toBe(true);
    // Refused while streaming in, never buffered whole: a 64 MB stream is answered long before
    // its end (what was sent by then is the 1 MB read plus the sockets' buffers).
    const endless = await streamNested(callback, 64 * 1024 * 1024);
    expect(endless.status).toBe(413);
    expect(endless.sentBeforeAnswer).toBeLessThan(24 * 1024 * 1024);
    // With a declared length over 1 MB: refused on the header alone.
    const declared = '{"a":['.repeat(200_000);
    const res = await post(declared, sign(declared));
    expect(res.status).toBe(413);
  });
});
