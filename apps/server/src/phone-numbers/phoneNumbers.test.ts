import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createVoiceBackendClient, type PhoneNumberWire } from '@parley/api-client';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness';
import { activeAgent, voiceAgent } from '../../test/agentFixtures';
import { phoneNumbers } from '../db/schema';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { PARLEY_WORKER_SECRET: 'worker-secret' } });
});
afterAll(async () => {
  await server?.close();
});

async function orgWithNumbers(name = 'Acme Labs') {
  const user = server.newUser();
  const orgId = await user.withOrg(name);
  await user.voice.syncAllProviders({ organization_id: orgId });
  const agentId = await voiceAgent(user, orgId, 'support');
  const page = await user.voice.phoneNumberPage(orgId);
  return { user, orgId, agentId, numbers: page.phone_numbers };
}

/**
 * One organization (its first number assigned) and one stranger for the tests that must write
 * nothing: each compares the organization's rows before and after its own request.
 */
let untouched: ReturnType<typeof orgWithAssignedNumber> | undefined;
let strangerUser: Promise<TestUser> | undefined;
async function orgWithAssignedNumber() {
  const org = await orgWithNumbers('Owner Org');
  await org.user.voice.assign(org.numbers[0]!.phone_id, org.agentId);
  return org;
}
const untouchedOrg = () => (untouched ??= orgWithAssignedNumber());
const stranger = () =>
  (strangerUser ??= (async () => {
    const user = server.newUser();
    await user.withOrg('Stranger Org');
    return user;
  })());

async function rowsOf(orgId: string) {
  return server.db
    .select({ id: phoneNumbers.id, agent: phoneNumbers.voiceAgentName })
    .from(phoneNumbers)
    .where(eq(phoneNumbers.organizationId, orgId))
    .orderBy(phoneNumbers.phoneNumber);
}

describe('GET /voice/phone-numbers/organization/{org} and sync (sandbox)', () => {
  it('given a new organization › no numbers, the sandbox in use; sync seeds its numbers once', async () => {
    const user = server.newUser();
    const orgId = await user.withOrg();
    const before = await user.voice.phoneNumberPage(orgId);
    expect(before).toMatchObject({
      provider: 'sandbox',
      sandbox: true,
      credentials: 'none',
      phone_numbers: [],
      count: 0,
    });

    const synced = await user.voice.syncAllProviders({ organization_id: orgId });
    expect(synced).toMatchObject({
      success: true,
      message: 'Phone numbers synced successfully from a telephony provider!',
      provider: 'sandbox',
      sandbox: true,
      synced: 5,
      added: 5,
      removed: 0,
      webhooks_configured: 0,
    });
    const page = await user.voice.phoneNumberPage(orgId);
    expect(page.count).toBe(5);
    expect(page.phone_numbers.every((n) => /^\+1\d{3}5550\d{3}$/.test(n.phone_number))).toBe(true);
    expect(
      page.phone_numbers.map((n) => [n.voice_enabled, n.sms_enabled, n.whatsapp_enabled]),
    ).toEqual(
      expect.arrayContaining([
        [true, true, true],
        [false, false, true],
      ]),
    );
    expect(page.phone_numbers[0]).toMatchObject({
      organization_id: orgId,
      status: 'available',
      agent_id: null,
      provider: 'sandbox',
      friendly_name: expect.stringMatching(/^\(\d{3}\) 555-0\d{3}$/),
    });
    // The tolerant reader of the dashboard reads the same answer.
    expect((await user.voice.phoneNumbersForOrg(orgId)).length).toBe(5);

    const again = await user.voice.syncAllProviders({ organization_id: orgId });
    expect(again).toMatchObject({ synced: 5, added: 0, removed: 0 });
  });

  it('given no organization_id › sync uses the first organization', async () => {
    const user = server.newUser();
    const orgId = await user.withOrg();
    const synced = await user.voice.syncAllProviders();
    expect(synced.organization_id).toBe(orgId);
  });

  it('given another organization › list and sync answer 404 and nothing is written', async () => {
    const { orgId } = await orgWithNumbers('Other Org');
    const stranger = server.newUser();
    await stranger.withOrg('Mine');
    const before = await rowsOf(orgId);
    expect((await stranger.raw('GET', `/voice/phone-numbers/organization/${orgId}`)).status).toBe(
      404,
    );
    const sync = await stranger.raw('POST', '/voice/phone-numbers/sync-all-providers', {
      organization_id: orgId,
    });
    expect(sync.status).toBe(404);
    expect(await rowsOf(orgId)).toEqual(before);
  });

  it('given bad sync input › 400 naming the field', async () => {
    const user = server.newUser();
    await user.withOrg();
    const res = await user.raw('POST', '/voice/phone-numbers/sync-all-providers', {
      organization_id: 5,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^organization_id: /);
    const bad = await user.raw('POST', '/voice/phone-numbers/sync-all-providers', {
      configure_webhooks: 'yes',
    });
    expect(bad).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/^configure_webhooks: /) },
    });
  });

  it('given no session › 401', async () => {
    const anon = server.newUser();
    expect((await anon.raw('GET', '/voice/phone-numbers/status/available')).status).toBe(401);
  });
});

describe('assign, available and the four unassign forms', () => {
  it('assigns an agent: the number reads assigned with the agent, and leaves the available list', async () => {
    const { user, orgId, agentId, numbers } = await orgWithNumbers();
    const target = numbers[0]!;
    const res = await user.voice.assign(target.phone_id, agentId);
    expect(res).toMatchObject({
      success: true,
      message: `Phone number ${target.phone_number} assigned successfully!`,
      phone_number: { phone_id: target.phone_id, agent_id: agentId, status: 'assigned' },
    });
    const page = await user.voice.phoneNumberPage(orgId);
    const assigned = page.phone_numbers.find((n) => n.phone_id === target.phone_id)!;
    expect(assigned).toMatchObject({
      agent_id: agentId,
      agent_name: 'support',
      status: 'assigned',
    });
    expect(assigned.assigned_at).not.toBeNull();

    // Available for voice: the other numbers that have voice (not the SMS- or WhatsApp-only).
    const available = await user.voice.availablePhoneNumbers(orgId);
    expect(available.map((n) => n.phone_id)).not.toContain(target.phone_id);
    expect(available.map((n) => n.phone_id).sort()).toEqual(
      numbers
        .filter((n) => n.voice_enabled && n.phone_id !== target.phone_id)
        .map((n) => n.phone_id)
        .sort(),
    );
    expect(available.every((n) => n.voice_enabled)).toBe(true);
    expect((await user.voice.availablePhoneNumbers()).length).toBe(available.length);

    // A sync keeps the assignment.
    await user.voice.syncAllProviders({ organization_id: orgId });
    expect((await rowsOf(orgId)).find((r) => r.id === target.phone_id)!.agent).toBe(agentId);
  });

  it('a channel the number does not have cannot be assigned (400 naming it, nothing written)', async () => {
    const { user, orgId, agentId, numbers } = await orgWithNumbers('No Voice Org');
    const smsOnly = numbers.find((n) => !n.voice_enabled && n.sms_enabled)!;
    const before = await rowsOf(orgId);
    const res = await user.raw(
      'POST',
      `/voice/phone-numbers/${smsOnly.phone_id}/assign/${agentId}`,
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(`phone_number: ${smsOnly.phone_number} has no voice`);
    const put = await user.raw('PUT', `/voice/phone-numbers/${smsOnly.phone_id}/assign`, {
      agent_id: agentId,
    });
    expect(put.status).toBe(400);
    expect(await rowsOf(orgId)).toEqual(before);
    // Its SMS is assignable.
    expect((await user.voice.assign(smsOnly.phone_id, agentId, ['sms'])).success).toBe(true);
  });

  it('assign takes the agent by its id or by its name (the prefix §3 keys agents by)', async () => {
    const { user, orgId, agentId, numbers } = await orgWithNumbers('Prefix Org');
    const res = await user.voice.assign(numbers[0]!.phone_id, 'support');
    expect(res.phone_number).toMatchObject({ agent_id: agentId });
    // A second agent with the same prefix is found by its full id; the prefix stays the first's.
    const second = await activeAgent(user, orgId, 'support');
    expect((await user.voice.assign(numbers[1]!.phone_id, 'support')).phone_number).toMatchObject({
      agent_id: agentId,
    });
    expect((await user.voice.assign(numbers[1]!.phone_id, second)).phone_number).toMatchObject({
      agent_id: second,
    });
    const unknown = await user.raw(
      'POST',
      `/voice/phone-numbers/${numbers[2]!.phone_id}/assign/sales`,
    );
    expect(unknown.status).toBe(404);
  });

  const forms: Array<
    [
      string,
      (
        u: TestUser,
        phoneId: string,
        agentId: string,
      ) => Promise<{ status: number; body: Record<string, unknown> }>,
    ]
  > = [
    [
      'POST /unassign/{agentId}',
      (u, p, a) => u.raw('POST', `/voice/phone-numbers/${p}/unassign/${a}`),
    ],
    [
      'DELETE /unassign/{agentId}',
      (u, p, a) => u.raw('DELETE', `/voice/phone-numbers/${p}/unassign/${a}`),
    ],
    [
      'POST /unassign with agent_id',
      (u, p, a) => u.raw('POST', `/voice/phone-numbers/${p}/unassign`, { agent_id: a }),
    ],
    [
      'PUT /assign with agent_id null',
      (u, p) => u.raw('PUT', `/voice/phone-numbers/${p}/assign`, { agent_id: null }),
    ],
  ];

  it.each(forms)('%s unassigns the number', async (_name, call) => {
    const { user, orgId, agentId, numbers } = await orgWithNumbers();
    const target = numbers[1]!;
    await user.voice.assign(target.phone_id, agentId);
    const res = await call(user, target.phone_id, agentId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: `Phone number ${target.phone_number} unassigned successfully!`,
    });
    expect((await rowsOf(orgId)).find((r) => r.id === target.phone_id)!.agent).toBeNull();
  });

  it.each(forms)("%s on another organization's number › 404, nothing written", async (_n, call) => {
    const { orgId, agentId, numbers } = await untouchedOrg();
    const before = await rowsOf(orgId);
    const res = await call(await stranger(), numbers[0]!.phone_id, agentId);
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('Phone number not found');
    expect(await rowsOf(orgId)).toEqual(before);
  });

  it('the client tries the four forms in order and stops at the first that succeeds', async () => {
    const { user, orgId, agentId, numbers } = await orgWithNumbers();
    const target = numbers[2]!;
    await user.voice.assign(target.phone_id, agentId);
    const tried: string[] = [];
    // A backend that only knows the third form (POST /unassign with agent_id in the body).
    const client = createVoiceBackendClient({
      baseUrl: '/voice',
      fetch: async (input, init) => {
        const path = new URL(input, server.url).pathname;
        tried.push(
          `${init?.method} ${path.replace(target.phone_id, '{id}').replace(agentId, '{agent}')}`,
        );
        if (tried.length < 3)
          return new Response(JSON.stringify({ detail: 'Not Found' }), { status: 404 });
        return user.fetch(input, init);
      },
    });
    await client.unassign(target.phone_id, agentId);
    expect(tried).toEqual([
      'POST /voice/phone-numbers/{id}/unassign/{agent}',
      'DELETE /voice/phone-numbers/{id}/unassign/{agent}',
      'POST /voice/phone-numbers/{id}/unassign',
    ]);
    expect((await rowsOf(orgId)).find((r) => r.id === target.phone_id)!.agent).toBeNull();

    const failing = createVoiceBackendClient({
      baseUrl: '/voice',
      fetch: async () => new Response('{}', { status: 500 }),
    });
    await expect(failing.unassign(target.phone_id, agentId)).rejects.toThrow(
      'All unassign endpoint patterns failed',
    );
  });

  it("given another organization's agent › assign answers 404 and nothing is written", async () => {
    const { user, orgId, numbers } = await orgWithNumbers('Org A');
    const other = await orgWithNumbers('Org B');
    const before = await rowsOf(orgId);
    const res = await user.raw(
      'POST',
      `/voice/phone-numbers/${numbers[0]!.phone_id}/assign/${other.agentId}`,
    );
    expect(res).toMatchObject({ status: 404, body: { detail: 'Agent not found' } });
    expect(await rowsOf(orgId)).toEqual(before);
  });

  it("given another organization's number › assign answers 404 and nothing is written", async () => {
    const a = await orgWithNumbers('Org A');
    const b = await orgWithNumbers('Org B');
    const before = await rowsOf(a.orgId);
    const res = await b.user.raw(
      'POST',
      `/voice/phone-numbers/${a.numbers[0]!.phone_id}/assign/${b.agentId}`,
    );
    expect(res.status).toBe(404);
    expect(await rowsOf(a.orgId)).toEqual(before);
    const avail = await b.user.raw(
      'GET',
      `/voice/phone-numbers/status/available?organization_id=${a.orgId}`,
    );
    expect(avail.status).toBe(404);
  });

  it.each([
    [
      'POST',
      '/voice/phone-numbers/not-a-uuid/assign/{agent}',
      undefined,
      'phone_id: must be a phone number id (UUID)',
    ],
    ['POST', '/voice/phone-numbers/{id}/assign/bad%20name!', undefined, 'agent_name: '],
    ['POST', '/voice/phone-numbers/{id}/unassign/bad%20name!', undefined, 'agent_id: '],
    ['POST', '/voice/phone-numbers/{id}/unassign', {}, 'agent_id: '],
    ['POST', '/voice/phone-numbers/{id}/unassign', '{nope', 'body: Malformed JSON'],
    [
      'PUT',
      '/voice/phone-numbers/{id}/assign',
      { agent_id: 5 },
      'agent_id: agent_id must be an agent id or null',
    ],
    ['PUT', '/voice/phone-numbers/{id}/assign', {}, 'agent_id: '],
    ['DELETE', '/voice/phone-numbers/not-a-uuid/unassign/{agent}', undefined, 'phone_id: '],
  ])(
    '%s %s with bad input › 400 naming the field, nothing written',
    async (method, path, body, error) => {
      const { user, orgId, agentId, numbers } = await untouchedOrg();
      const before = await rowsOf(orgId);
      const res = await user.raw(
        method,
        path.replace('{id}', numbers[0]!.phone_id).replace('{agent}', agentId),
        body,
      );
      expect(res.status).toBe(400);
      expect(String(res.body.error).startsWith(error)).toBe(true);
      expect(await rowsOf(orgId)).toEqual(before);
    },
  );

  it('given the wrong agent in an unassign › 409 and the assignment stays', async () => {
    const { user, orgId, agentId, numbers } = await orgWithNumbers();
    await user.voice.assign(numbers[0]!.phone_id, agentId);
    const res = await user.raw(
      'POST',
      `/voice/phone-numbers/${numbers[0]!.phone_id}/unassign/someone_else`,
    );
    expect(res.status).toBe(409);
    const row = (await rowsOf(orgId)).find((r) => r.id === numbers[0]!.phone_id);
    expect(row!.agent).toBe(agentId);
  });

  it('deleting the agent frees its numbers', async () => {
    const { user, orgId, agentId, numbers } = await orgWithNumbers();
    await user.voice.assign(numbers[0]!.phone_id, agentId);
    await user.agents.delete(agentId);
    const page = await user.voice.phoneNumberPage(orgId);
    expect(page.phone_numbers.every((n: PhoneNumberWire) => n.agent_id === null)).toBe(true);
  });
});
