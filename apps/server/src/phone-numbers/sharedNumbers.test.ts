import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  createMessagingClient,
  createSharedProvidersClient,
  createSystemStatusClient,
  newAgentId,
  toolsDefaults,
  type PhoneNumberWire,
} from '@parley/api-client';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness';
import { phoneNumbers } from '../db/schema';

/**
 * Shared provider resources between organizations: configured sandbox numbers (like the
 * operator's TWILIO_*) serve the install's first organization and those PARLEY_SHARED_PROVIDER_ORGS
 * lists; a shared number is held by one organization at a time (the first to assign it).
 */
const shared = '+14155550111';
const smsOnly = '+14155550112';

let server: TestServer;
interface Org {
  user: TestUser;
  orgId: string;
  agentId: string;
  key: string;
  numbers: PhoneNumberWire[];
}
let first: Org;
let second: Org;
let outsider: Org;

async function orgWithAgent(name: string): Promise<Org> {
  const user = server.newUser();
  const orgId = await user.withOrg(name);
  const agentId = newAgentId('desk');
  const app = await user.apps.createAgent({ agentName: agentId, organizationId: orgId });
  const key = app.data!.appKey;
  await user.agents.update(agentId, {
    organization_id: orgId,
    ...toolsDefaults,
    chatbot_api: `${server.url}/v1`,
    chatbot_key: key,
    status: 'active',
  });
  await user.voice.syncAllProviders({ organization_id: orgId });
  const numbers = (await user.voice.phoneNumberPage(orgId)).phone_numbers;
  return { user, orgId, agentId, key, numbers };
}

const numberOf = (org: Org, n: string) => org.numbers.find((x) => x.phone_number === n)!;

async function form(u: TestUser, path: string, fields: Record<string, string>, method = 'POST') {
  const res = await u.fetch(path, {
    method,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  server = await startTestServer({
    env: {
      PARLEY_SANDBOX_NUMBERS: `${shared}:voice,sms,whatsapp;${smsOnly}:sms`,
      PARLEY_SHARED_PROVIDER_ORGS: 'Second Org',
      OPENAI_API_KEY: 'sk-server-shared-SECRET',
      LIVEKIT_URL: 'wss://livekit.example.test',
      LIVEKIT_API_KEY: 'lk-key',
      LIVEKIT_API_SECRET: 'lk-secret-SECRET',
    },
  });
  // Created in this order: the first is the install's first organization.
  first = await orgWithAgent('First Org');
  second = await orgWithAgent('Second Org');
  outsider = await orgWithAgent('Outsider Org');
});
afterAll(async () => {
  await server?.close();
});

describe('shared provider resources serve the first organization and the listed ones', () => {
  it('the first and a listed organization sync the configured numbers; another gets its own sandbox', async () => {
    expect(first.numbers.map((n) => n.phone_number)).toEqual([shared, smsOnly]);
    expect(first.numbers.every((n) => n.shared)).toBe(true);
    expect(second.numbers.map((n) => n.phone_number)).toEqual([shared, smsOnly]);
    const page = await outsider.user.voice.phoneNumberPage(outsider.orgId);
    expect(page.shared).toEqual({ configured: true, served: false });
    expect(page.phone_numbers.map((n) => n.phone_number)).not.toContain(shared);
    expect(page.phone_numbers.every((n) => !n.shared)).toBe(true);
    expect((await first.user.voice.phoneNumberPage(first.orgId)).shared).toEqual({
      configured: true,
      served: true,
    });
  });

  it('GET /api/shared-providers/{org} says which resources exist and whether they serve it', async () => {
    const client = (u: TestUser) =>
      createSharedProvidersClient({ baseUrl: '/api/shared-providers', fetch: u.fetch });
    expect(await client(outsider.user).get(outsider.orgId)).toEqual({
      organization_id: outsider.orgId,
      served: false,
      model_providers: ['openai'],
      voice_providers: ['openai'],
      twilio: false,
      sandbox_numbers: true,
    });
    // By name as well as id; another organization's answers 404.
    expect((await client(second.user).get('Second Org')).served).toBe(true);
    const foreign = await outsider.user.raw('GET', `/api/shared-providers/${first.orgId}`);
    expect(foreign.status).toBe(404);
  });

  it("a server-wide model key does not answer another organization's agent (offline responder)", async () => {
    const res = await outsider.user.raw('POST', '/api/chatbot/chat', {
      message: 'hello',
      difyApiUrl: `${server.url}/v1`,
      difyApiKey: outsider.key,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ offline: true });
    expect(JSON.stringify(res.body)).not.toContain('SECRET');
  });

  it('GET /api/system-status/{org} says what is configured for it, with no secret in it', async () => {
    const status = (u: TestUser, org: string) =>
      createSystemStatusClient({ baseUrl: '/api/system-status', fetch: u.fetch }).get(org);
    const mine = await status(first.user, first.orgId);
    expect(mine).toEqual({
      organization_id: first.orgId,
      model_keys: { configured: true, providers: ['openai'], agents_with_own_key: 0 },
      livekit: { configured: true },
      voice: { available: true },
      telephony: { configured: false, provider: 'sandbox', credentials: 'none' },
      mail: { configured: false, mailboxes: 0, mailboxes_with_servers: 0, install_mailer: false },
    });
    expect(JSON.stringify(mine)).not.toMatch(/SECRET|lk-key|livekit\.example/);
    // The shared key does not serve the outsider: no model key until it brings its own.
    expect((await status(outsider.user, outsider.orgId)).model_keys).toEqual({
      configured: false,
      providers: [],
      agents_with_own_key: 0,
    });
    await outsider.user.raw('POST', `/api/agents/update/${outsider.agentId}`, {
      organization_id: outsider.orgId,
      model_api_key: 'sk-outsider-own-key-0001',
    });
    expect((await status(outsider.user, 'Outsider Org')).model_keys).toEqual({
      configured: true,
      providers: [],
      agents_with_own_key: 1,
    });
    const foreign = await outsider.user.raw('GET', `/api/system-status/${first.orgId}`);
    expect(foreign.status).toBe(404);
    await outsider.user.raw('POST', `/api/agents/update/${outsider.agentId}`, {
      organization_id: outsider.orgId,
      model_api_key: '',
    });
    expect((await status(outsider.user, outsider.orgId)).model_keys.configured).toBe(false);
  });
});

describe('a shared number is held by one organization at a time', () => {
  it('the first to assign holds it: others do not see it, and assigning, mapping or sending from it answers 409', async () => {
    const mine = numberOf(first, shared);
    await first.user.voice.assign(mine.phone_id, first.agentId, ['sms']);

    const theirs = numberOf(second, shared);
    const listed = (await second.user.voice.phoneNumberPage(second.orgId)).phone_numbers;
    expect(listed.map((n) => n.phone_number)).toEqual([smsOnly]);
    const available = await second.user.voice.availablePhoneNumbers(second.orgId);
    expect(available.map((n) => n.phone_number)).not.toContain(shared);
    const messaging = createMessagingClient({ baseUrl: '/messaging', fetch: second.user.fetch });
    expect((await messaging.smsNumbers(second.orgId)).map((n) => n.phone_number)).toEqual([
      smsOnly,
    ]);

    const assign = await second.user.raw(
      'POST',
      `/voice/phone-numbers/${theirs.phone_id}/assign/${second.agentId}`,
    );
    expect(assign).toMatchObject({
      status: 409,
      body: { error: `phone_number: ${shared} is in use by another organization` },
    });
    const mapped = await form(second.user, '/messaging/sms/map-receiving-number-agent', {
      receiving_number: shared,
      agent_url: `${server.url}/v1`,
      agent_api_key: second.key,
      organization_id: second.orgId,
    });
    expect(mapped).toMatchObject({
      status: 409,
      body: { error: `receiving_number: ${shared} is in use by another organization` },
    });
    const sent = await form(second.user, '/messaging/sms/send-message', {
      from_number: shared,
      to_number: '+15005550401',
      message_text: 'from the other organization',
      organization_id: second.orgId,
    });
    expect(sent).toMatchObject({
      status: 409,
      body: { error: `from_number: ${shared} is in use by another organization` },
    });
    const [row] = await server.db
      .select()
      .from(phoneNumbers)
      .where(eq(phoneNumbers.id, theirs.phone_id));
    expect([row!.voiceAgentName, row!.smsAgentName, row!.whatsappAgentName]).toEqual([
      null,
      null,
      null,
    ]);

    // The holder's last channel unassigned releases it.
    await first.user.voice.assign(mine.phone_id, first.agentId, ['voice']);
    await first.user.voice.unassign(mine.phone_id, first.agentId, 'sms');
    expect(
      (
        await second.user.raw(
          'POST',
          `/voice/phone-numbers/${theirs.phone_id}/assign/${second.agentId}`,
        )
      ).status,
    ).toBe(409);
    await first.user.voice.unassign(mine.phone_id, first.agentId, 'voice');
    const taken = await second.user.voice.assign(theirs.phone_id, second.agentId);
    expect(taken.phone_number).toMatchObject({ voice_agent_id: second.agentId });
    expect(
      (await first.user.voice.phoneNumberPage(first.orgId)).phone_numbers.map(
        (n) => n.phone_number,
      ),
    ).toEqual([smsOnly]);
    await second.user.voice.unassign(theirs.phone_id, second.agentId, 'voice');
  });

  it('two organizations assigning at once: exactly one holds the number', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 6 }, (_, i) => {
        const org = i % 2 ? second : first;
        return org.user.raw(
          'POST',
          `/voice/phone-numbers/${numberOf(org, smsOnly).phone_id}/assign/${org.agentId}?channel=sms`,
        );
      }),
    );
    const statuses = attempts.map((a) => a.status);
    const winners = new Set(
      attempts.flatMap((a, i) => (a.status === 200 ? [i % 2 ? 'second' : 'first'] : [])),
    );
    expect(winners.size).toBe(1);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const holders = await server.db
      .select({ org: phoneNumbers.organizationId })
      .from(phoneNumbers)
      .where(eq(phoneNumbers.phoneNumber, smsOnly));
    const assigned = (
      await server.db.select().from(phoneNumbers).where(eq(phoneNumbers.phoneNumber, smsOnly))
    ).filter((r) => r.smsAgentName);
    expect(holders).toHaveLength(2);
    expect(assigned).toHaveLength(1);
    const winner = [...winners][0] === 'first' ? first : second;
    await winner.user.voice.unassign(numberOf(winner, smsOnly).phone_id, winner.agentId, 'sms');
  });
});

describe('one agent per channel, and the §7 mapping calls', () => {
  it('unassigning WhatsApp leaves SMS and voice; each channel shows its agent', async () => {
    const n = numberOf(first, shared);
    const res = await first.user.voice.assign(n.phone_id, first.agentId, [
      'voice',
      'sms',
      'whatsapp',
    ]);
    expect(res.phone_number).toMatchObject({
      voice_agent_id: first.agentId,
      sms_agent_id: first.agentId,
      whatsapp_agent_id: first.agentId,
      status: 'assigned',
    });
    const messaging = createMessagingClient({ baseUrl: '/messaging', fetch: first.user.fetch });
    await messaging.unassignWhatsapp(shared, first.orgId);
    const after = (await first.user.voice.phoneNumberPage(first.orgId)).phone_numbers.find(
      (x) => x.phone_number === shared,
    )!;
    expect(after).toMatchObject({
      voice_agent_id: first.agentId,
      sms_agent_id: first.agentId,
      whatsapp_agent_id: null,
      agent_id: first.agentId,
    });
    expect(
      Object.keys((await messaging.smsReceivingAgents(first.orgId)).receiving_number_mappings),
    ).toEqual(['14155550111']);
    expect((await messaging.whatsappReceivingAgents(first.orgId)).total_mappings).toBe(0);
    // Voice alone, by the phone-number call.
    await first.user.voice.unassign(n.phone_id, first.agentId, 'voice');
    const voiceGone = (await first.user.voice.phoneNumberPage('First Org')).phone_numbers.find(
      (x) => x.phone_number === shared,
    )!;
    expect(voiceGone).toMatchObject({ voice_agent_id: null, sms_agent_id: first.agentId });
    await messaging.unassignSms(shared, first.orgId);
  });

  it('SMS mappings: create, list, update, delete with the spec lines; WhatsApp: create and list', async () => {
    const path = (p: string) => `/messaging${p}?organization_id=${first.orgId}`;
    const created = await form(first.user, path('/sms/map-receiving-number-agent'), {
      receiving_number: smsOnly,
      agent_url: `${server.url}/v1`,
      agent_api_key: first.key,
    });
    expect(created).toMatchObject({
      status: 200,
      body: {
        success: true,
        message: 'SMS mapping created successfully!',
        data: { receiving_number: smsOnly, agent_id: first.agentId, agent_api_key: first.key },
      },
    });
    const id = (created.body.data as { id: string }).id;
    const list = await first.user.raw('GET', path('/sms/mappings'));
    expect(list.body).toMatchObject({
      success: true,
      total_mappings: 1,
      mappings: [{ id, receiving_number: smsOnly, agent_url: `${server.url}/v1` }],
    });

    // A second agent of the organization takes the mapping over.
    const other = newAgentId('night');
    const app = await first.user.apps.createAgent({
      agentName: other,
      organizationId: first.orgId,
    });
    await first.user.agents.update(other, {
      organization_id: first.orgId,
      chatbot_api: `${server.url}/v1`,
      chatbot_key: app.data!.appKey,
      status: 'active',
    });
    const updated = await form(first.user, path(`/sms/mappings/${id}`), {
      receiving_number: smsOnly,
      agent_url: `agent:${other}`,
      agent_api_key: app.data!.appKey,
    });
    expect(updated).toMatchObject({
      status: 200,
      body: { message: 'SMS mapping updated successfully!', data: { agent_id: other } },
    });

    // Bad input: 400 naming the field, nothing written.
    const bad = await form(first.user, path('/sms/map-receiving-number-agent'), {
      receiving_number: smsOnly,
      agent_url: `${server.url}/v1`,
      agent_api_key: second.key,
    });
    expect(bad).toMatchObject({
      status: 400,
      body: { error: "agent_api_key: is not the key of one of this organization's agents" },
    });
    const notOurs = await form(first.user, path('/sms/map-receiving-number-agent'), {
      receiving_number: '+15005550999',
      agent_url: `${server.url}/v1`,
      agent_api_key: first.key,
    });
    expect(notOurs.status).toBe(400);
    expect(String(notOurs.body.error)).toMatch(/^receiving_number: /);
    const missing = await form(first.user, path('/sms/map-receiving-number-agent'), {
      receiving_number: smsOnly,
    });
    expect(missing.status).toBe(400);
    expect(String(missing.body.error)).toMatch(/^agent_url: /);
    // Another organization cannot see, update or delete the mapping.
    const foreign = await second.user.raw(
      'DELETE',
      `/messaging/sms/mappings/${id}?organization_id=${second.orgId}`,
    );
    expect(foreign.status).toBe(404);
    expect(
      (await second.user.raw('GET', `/messaging/sms/mappings?organization_id=${second.orgId}`))
        .body,
    ).toMatchObject({ mappings: [] });

    const deleted = await first.user.raw('DELETE', path(`/sms/mappings/${id}`));
    expect(deleted).toMatchObject({
      status: 200,
      body: { success: true, message: 'SMS mapping deleted successfully!' },
    });
    expect((await first.user.raw('DELETE', path(`/sms/mappings/${id}`))).status).toBe(404);

    const wa = await form(first.user, path('/whatsapp/map-receiving-number-agent'), {
      receiving_number: shared,
      agent_url: `${server.url}/v1`,
      agent_api_key: first.key,
      phone_number_id: 'PN-meta-123',
    });
    expect(wa).toMatchObject({ status: 200, body: { success: true } });
    const waList = await first.user.raw('GET', path('/whatsapp/mappings'));
    expect(waList.body).toMatchObject({
      total_mappings: 1,
      mappings: [{ receiving_number: shared, agent_id: first.agentId, channel: 'whatsapp' }],
    });
    // WhatsApp mapped: SMS and voice untouched.
    const row = (await first.user.voice.phoneNumberPage(first.orgId)).phone_numbers.find(
      (x) => x.phone_number === shared,
    )!;
    expect(row).toMatchObject({ whatsapp_agent_id: first.agentId, sms_agent_id: null });
    const smsOnlyWa = await form(first.user, path('/whatsapp/map-receiving-number-agent'), {
      receiving_number: smsOnly,
      agent_url: `${server.url}/v1`,
      agent_api_key: first.key,
    });
    expect(smsOnlyWa.status).toBe(400);
  });

  it("the organization's name serves as the key for its numbers and agents", async () => {
    const byName = await second.user.raw('GET', '/voice/phone-numbers/organization/Second%20Org');
    expect(byName.status).toBe(200);
    expect((byName.body as { phone_numbers: unknown[] }).phone_numbers.length).toBeGreaterThan(0);
    const agents = await second.user.raw('GET', '/voice/agents/by-org/Second%20Org');
    expect(agents.status).toBe(200);
    expect(Object.keys((agents.body as { agents: object }).agents)).toHaveLength(1);
    const foreign = await second.user.raw('GET', '/voice/agents/by-org/First%20Org');
    expect(foreign.status).toBe(404);
  });
});
