import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newAgentId } from '@parley/api-client';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness';
import { agents, integrations } from '../db/schema';

/**
 * Secrets at rest and on the wire (issue 23 finding 8): only the last 4 characters of a secret
 * long enough to stay secret are ever shown; every provider's credentials are checked against the
 * provider's real format when saved (400 naming the field and the reason, nothing written).
 */
let server: TestServer;
let user: TestUser;
let orgId: string;

beforeAll(async () => {
  server = await startTestServer();
  user = server.newUser();
  orgId = await user.withOrg('Secrets Org');
});
afterAll(async () => {
  await server?.close();
});

const put = (provider: string, credentials: unknown) =>
  user.raw('PUT', `/api/integrations/organization/${orgId}/${provider}`, { credentials });
const stored = () =>
  server.db.select().from(integrations).where(eq(integrations.organizationId, orgId));

const twilio = {
  account_sid: `AC${'0123456789abcdef'.repeat(2)}`,
  auth_token: 'f0e1d2c3b4a5968778695a4b3c2d1e0f',
};
const whatsapp = {
  phone_number_id: '106540352242922',
  access_token: `EAAG${'x7Yq2Lm9'.repeat(20)}`,
  app_secret: '3b1f0c9d8e7a6b5c4d3e2f1a0b9c8d7e',
  verify_token: 'parley-verify-2026',
};

describe('masking: only the last 4 of a long enough secret', () => {
  it('a 4-character model key is shown as •••• and a 40-character one as its last 4', async () => {
    const id = newAgentId('masked');
    await user.apps.createAgent({ agentName: id, organizationId: orgId });
    const saved = await user.agents.update(id, { organization_id: orgId, model_api_key: 'abcd' });
    expect(saved).toBeTruthy();
    let info = await user.agents.info(id);
    expect(info.model_api_key_masked).toBe('••••');
    expect(JSON.stringify(info)).not.toContain('abcd');

    const long = `sk-proj-${'Zq3'.repeat(10)}wxyz`;
    expect(long).toHaveLength(42);
    const forty = long.slice(2);
    expect(forty).toHaveLength(40);
    await user.agents.update(id, { organization_id: orgId, model_api_key: forty });
    info = await user.agents.info(id);
    expect(info.model_api_key_masked).toBe(`${'•'.repeat(36)}wxyz`);
    expect(JSON.stringify(info)).not.toContain(forty.slice(0, 36));
  });

  it('credentials: a 32-character token shows its last 4, nothing else of it', async () => {
    const res = await put('twilio', twilio);
    expect(res.status).toBe(200);
    expect(res.body.masked).toEqual({
      account_sid: `${'•'.repeat(30)}cdef`,
      auth_token: `${'•'.repeat(28)}1e0f`,
    });
    expect(JSON.stringify(res.body)).not.toContain(twilio.auth_token.slice(0, 8));
    const wa = await put('whatsapp_cloud', whatsapp);
    expect(wa.status).toBe(200);
    expect((wa.body.masked as Record<string, string>).verify_token).toBe(`${'•'.repeat(14)}2026`);
  });
});

describe('formats: each provider as it really is, 400 naming the field, nothing written', () => {
  const refused = async (
    provider: string,
    credentials: unknown,
    error: RegExp | string,
    status = 400,
  ) => {
    const before = await stored();
    const res = await put(provider, credentials);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.error).toMatch(error);
    expect(await stored()).toEqual(before);
  };

  it('Twilio: Account SID AC + 32 hex, Auth Token 32 hex, no other field', async () => {
    await refused(
      'twilio',
      { ...twilio, auth_token: 'abcd' },
      'credentials.auth_token: must be a Twilio Auth Token (32 hex digits)',
    );
    await refused(
      'twilio',
      { ...twilio, auth_token: `${twilio.auth_token.slice(0, 31)}g` },
      /^credentials\.auth_token: /,
    );
    await refused(
      'twilio',
      { ...twilio, account_sid: `SK${'0'.repeat(32)}` },
      /^credentials\.account_sid: must be a Twilio Account SID/,
    );
    await refused(
      'twilio',
      { account_sid: twilio.account_sid },
      'credentials.auth_token: is required',
    );
    await refused(
      'twilio',
      { ...twilio, region: 'ie1' },
      'credentials.region: is not a twilio credential',
    );
  });

  it('WhatsApp Cloud: app secret 32 hex, access token of a bounded length, printable tokens', async () => {
    await refused(
      'whatsapp_cloud',
      { ...whatsapp, app_secret: 'meta-app-secret-0001' },
      'credentials.app_secret: must be the Meta app secret (32 hex digits)',
    );
    await refused(
      'whatsapp_cloud',
      { ...whatsapp, access_token: 'EAAGshort' },
      /^credentials\.access_token: must be at least 32 characters/,
    );
    await refused(
      'whatsapp_cloud',
      { ...whatsapp, access_token: `EAAG${'a'.repeat(2045)}` },
      'credentials.access_token: must be at most 2048 characters',
    );
    await refused(
      'whatsapp_cloud',
      { ...whatsapp, verify_token: 'has a\u0007bell' },
      /^credentials\.verify_token: must be printable/,
    );
    await refused(
      'whatsapp_cloud',
      { ...whatsapp, phone_number_id: '+1 555' },
      /^credentials\.phone_number_id: /,
    );
  });

  it('model and voice provider keys: bounded, no whitespace or control characters', async () => {
    await refused(
      'openai',
      { api_key: 'sk-with a space-0001' },
      /^credentials\.api_key: must be printable/,
    );
    await refused(
      'deepgram',
      { api_key: `dg-${'k'.repeat(600)}` },
      /^credentials\.api_key: must be at most 512/,
    );
    await refused(
      'cartesia',
      { api_key: 'sk_car_\u0000null-0001' },
      /^credentials\.api_key: must be printable/,
    );
    await refused('elevenlabs', { api_key: 'short' }, /^credentials\.api_key: must be at least 8/);

    const id = newAgentId('keys');
    await user.apps.createAgent({ agentName: id, organizationId: orgId });
    const before = await server.db.select().from(agents).where(eq(agents.agentName, id));
    for (const [body, error] of [
      [{ model_api_key: 'sk-ant has\tspace' }, /^model_api_key: must be printable/],
      [{ model_api_key: `sk-${'a'.repeat(600)}` }, /^model_api_key: must be at most 512/],
      [{ model_provider: 'p'.repeat(201) }, /^model_provider: must be at most 200/],
      [
        { tts_config: { provider: 'openai', openai: { api_key: 'sk-voice\nkey-0001' } } },
        /^tts_config\.openai\.api_key: must be printable/,
      ],
    ] as const) {
      const res = await user.raw('POST', `/api/agents/update/${id}`, {
        organization_id: orgId,
        ...body,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error).toMatch(error);
    }
    expect(await server.db.select().from(agents).where(eq(agents.agentName, id))).toEqual(before);
  });

  it('an unknown provider › 400 naming provider, nothing written', async () => {
    await refused(
      'acme',
      { api_key: 'acme-key-0123456789' },
      /^provider: must be one of twilio, whatsapp_cloud, openai/,
    );
    const read = await user.raw('GET', `/api/integrations/organization/${orgId}/acme`);
    expect(read.status).toBe(400);
    expect(read.body.error).toMatch(/^provider: /);
  });
});
