import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSttConfig, defaultTtsConfig, newAgentId, toolsDefaults } from '@parley/api-client';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function orgUser(name = 'Acme Labs'): Promise<{ user: TestUser; orgId: string }> {
  const user = server.newUser();
  const orgId = await user.withOrg(name);
  return { user, orgId };
}

describe('agent service over HTTP', () => {
  it('creates, reads, lists, updates and deletes an agent', async () => {
    const { user, orgId } = await orgUser();
    const id = newAgentId('support');
    const created = await user.agents.update(id, {
      organization_id: orgId,
      ...toolsDefaults,
      tts_config: defaultTtsConfig,
      stt_config: defaultSttConfig,
      system_prompt: 'Be kind.',
      status: 'active',
    });
    expect(created).toMatchObject({ success: true, message: 'Agent created successfully' });
    const info = await user.agents.info(id);
    expect(info).toMatchObject({
      agent_name: id,
      organization_id: orgId,
      status: 'active',
      nudge_interval: 15,
      max_nudges: 3,
      typing_volume: 0.8,
      max_call_duration: 300,
      tts_config: { provider: 'openai', openai: { voice: 'alloy', model: 'tts-1' } },
      stt_config: { provider: 'deepgram', deepgram: { model: 'nova-2', language: 'en-US' } },
    });
    const list = await user.agents.byOrg(orgId);
    expect(list.map((a) => [a.id, a.status])).toEqual([[id, 'active']]);
    const updated = await user.agents.update(id, {
      organization_id: orgId,
      initial_message: 'Hi there',
    });
    expect(updated.message).toBe('Agent updated successfully');
    expect((await user.agents.info(id)).initial_message).toBe('Hi there');
    expect((await user.agents.info(id)).nudge_interval).toBe(15);
    await user.agents.delete(id);
    expect(await user.agents.byOrg(orgId)).toEqual([]);
    expect((await user.raw('GET', `/api/agents/info/${id}`)).status).toBe(404);
  });

  it.each([
    [{ organization_id: '' }, 'organization_id: organization_id is required'],
    [{ organization_id: 'x', nudge_interval: 61 }, 'nudge_interval'],
    [{ organization_id: 'x', max_nudges: 0 }, 'max_nudges'],
    [{ organization_id: 'x', typing_volume: 2 }, 'typing_volume'],
    [{ organization_id: 'x', tts_config: { provider: 'nope' } }, 'tts_config.provider'],
    [{ organization_id: 'x', chatbot_api: 'not a url' }, 'chatbot_api: must be an http(s) URL'],
    [{ organization_id: 'x', chatbot_api: 'ftp://files.example/v1' }, 'chatbot_api'],
  ])('given %j › 400 naming the field, nothing written', async (body, field) => {
    const { user, orgId } = await orgUser();
    const res = await user.raw('POST', '/api/agents/update/bad_agent_1', body);
    expect(res.status).toBe(400);
    expect(String(res.body.error)).toContain(field);
    expect(await user.agents.byOrg(orgId)).toEqual([]);
  });

  it('an empty or malformed Agent API Key › 400 naming chatbot_key; the stored key stays', async () => {
    const { user, orgId } = await orgUser();
    const id = newAgentId('keyed');
    await user.agents.update(id, { organization_id: orgId, chatbot_key: 'app-good-key-1234' });
    for (const [key, reason] of [
      ['', 'chatbot_key: is required'],
      ['   ', 'chatbot_key: is required'],
      [null, 'chatbot_key: is required'],
      ['wrong-key', "chatbot_key: must start with 'app-' or 'sk-'"],
      ['app- key with spaces', 'chatbot_key: cannot contain spaces'],
    ] as const) {
      const res = await user.raw('POST', `/api/agents/update/${id}`, {
        organization_id: orgId,
        chatbot_key: key,
        initial_message: 'changed',
      });
      expect(res.status, JSON.stringify(key)).toBe(400);
      expect(String(res.body.error)).toContain(reason);
    }
    const info = await user.agents.info(id);
    expect(info.chatbot_key).toBe('app-good-key-1234');
    expect(info.initial_message).not.toBe('changed');
  });

  it('given an agent name with unsafe characters › 400 naming agentName', async () => {
    const { user, orgId } = await orgUser();
    const res = await user.raw('POST', '/api/agents/update/bad%20name', { organization_id: orgId });
    expect(res.status).toBe(400);
    expect(String(res.body.error)).toMatch(/^agentName: /);
  });

  it('lists agents oldest first and delete-by-org removes one or all', async () => {
    const { user, orgId } = await orgUser();
    const ids = ['alpha', 'beta', 'gamma'].map((p) => newAgentId(p));
    for (const id of ids) await user.agents.update(id, { organization_id: orgId });
    expect((await user.agents.byOrg(orgId)).map((a) => a.id)).toEqual(ids);
    await user.agents.deleteByOrg(orgId, ids[0]);
    expect((await user.agents.byOrg(orgId)).map((a) => a.id)).toEqual(ids.slice(1));
    await user.agents.deleteByOrg(orgId);
    expect(await user.agents.byOrg(orgId)).toEqual([]);
  });

  it('voice backend lists the org agents keyed by prefix', async () => {
    const { user, orgId } = await orgUser();
    const id = newAgentId('frontdesk');
    await user.agents.update(id, {
      organization_id: orgId,
      chatbot_key: 'app-abc',
      chatbot_api: 'http://x/v1',
    });
    const res = await user.voice.agentsByOrg(orgId);
    expect(res.agents).toEqual({
      frontdesk: expect.objectContaining({
        name: 'frontdesk',
        organization_id: orgId,
        api_key: 'app-abc',
      }),
    });
  });
});

describe('app service over HTTP', () => {
  it('creates an app with an app- key and a UUID id, finds it by key, deletes it', async () => {
    const { user, orgId } = await orgUser();
    const agentName = newAgentId('sales');
    const created = await user.apps.createAgent({
      agentName,
      organizationId: orgId,
      agentType: 'action',
    });
    expect(created.data!.appKey).toMatch(/^app-[A-Za-z0-9]{24}$/);
    expect(created.data!.appId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await user.apps.getAppByKey(created.data!.appKey)).toEqual({
      appId: created.data!.appId,
    });
    await user.agents.update(agentName, { organization_id: orgId });
    expect((await user.agents.info(agentName)).app_id).toBe(created.data!.appId);
    // The kind chosen at creation comes back on the agent and in the organization's list.
    expect((await user.agents.info(agentName)).agent_type).toBe('action');
    const listed = (await user.raw('GET', `/api/agents/by-org/${orgId}`)).body as {
      agents: Array<{ id: string; agent_type: string | null }>;
    };
    expect(listed.agents.find((a) => a.id === agentName)?.agent_type).toBe('action');
    expect(
      (await user.raw('POST', '/api/app/create-agent', { agentName, organizationId: orgId }))
        .status,
    ).toBe(409);
    await user.apps.deleteAgent({ agentName, organizationId: orgId });
    expect(
      (await user.raw('POST', '/api/app/get-app-by-key', { apiKey: created.data!.appKey })).status,
    ).toBe(404);
  });

  it('given bad input › 400 naming the field', async () => {
    const { user } = await orgUser();
    const res = await user.raw('POST', '/api/app/create-agent', { agentName: 'a_1' });
    expect(res).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/^organizationId: /) },
    });
  });
});

describe('tenant isolation: a member of org B never reaches org A', () => {
  it('every endpoint answers 404 (or an empty list) and nothing of A changes', async () => {
    const a = await orgUser('Org A');
    const b = await orgUser('Org B');
    const id = newAgentId('secret');
    await a.user.agents.update(id, { organization_id: a.orgId, initial_message: 'A only' });
    const app = await a.user.apps.createAgent({ agentName: id, organizationId: a.orgId });
    const key = app.data!.appKey;

    const attempts: Array<[string, string, unknown?]> = [
      ['GET', `/api/agents/info/${id}`],
      ['GET', `/api/agents/by-org/${a.orgId}`],
      ['DELETE', `/api/agents/delete/${id}`],
      ['DELETE', `/api/agents/delete-by-org/${a.orgId}`, { agent_name: id }],
      ['DELETE', `/api/agents/delete-by-org/${a.orgId}`],
      ['POST', `/api/agents/update/${id}`, { organization_id: a.orgId, initial_message: 'pwned' }],
      ['POST', `/api/agents/update/${id}`, { organization_id: b.orgId, initial_message: 'pwned' }],
      ['POST', '/api/app/create-agent', { agentName: 'x_1', organizationId: a.orgId }],
      ['POST', '/api/app/delete-agent', { agentName: id, organizationId: a.orgId }],
      ['POST', '/api/app/get-app-by-key', { apiKey: key }],
      ['GET', `/voice/agents/by-org/${a.orgId}`],
      ['POST', '/api/org/add-user', { orgId: a.orgId, userId: b.user.userId }],
    ];
    for (const [method, path, body] of attempts) {
      const res = await b.user.raw(method, path, body);
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 404 });
      expect(JSON.stringify(res.body)).not.toContain('A only');
    }
    // B's own list stays empty; A's agent and app are untouched.
    expect(await b.user.agents.byOrg(b.orgId)).toEqual([]);
    expect((await a.user.agents.info(id)).initial_message).toBe('A only');
    expect(await a.user.apps.getAppByKey(key)).toEqual({ appId: app.data!.appId });
    expect((await b.user.org.me())!.organizations.map((o) => o.orgId)).toEqual([b.orgId]);
  });

  it('signed out › every endpoint answers 401', async () => {
    const anon = server.newUser();
    for (const [method, path] of [
      ['GET', '/api/agents/by-org/x'],
      ['GET', '/api/agents/info/x'],
      ['POST', '/api/app/create-agent'],
      ['GET', '/voice/agents/by-org/x'],
      ['POST', '/api/org/create-org'],
    ] as const) {
      expect((await anon.raw(method, path, method === 'GET' ? undefined : {})).status).toBe(401);
    }
  });
});
