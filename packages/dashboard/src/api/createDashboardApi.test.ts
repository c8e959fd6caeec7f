import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, routeFetch } from '@parley/api-client/testing';
import { defaultSystemPrompt, toolsDefaults } from '@parley/api-client';
import { createDashboardApi } from './createDashboardApi';

afterEach(() => vi.restoreAllMocks());

const agentsAfter = (id: string) => json({ agents: [{ agent_name: id, status: 'active' }] });

describe('createDashboardApi.createAgent (spec §4 creation sequence)', () => {
  it('creates the app, then configures the agent with the defaults and its app key', async () => {
    const fetch = routeFetch({
      'POST /api/app/create-agent': () =>
        json({
          success: true,
          data: { appKey: 'app-KEY', appId: '0f8fad5b-d9cb-469f-a165-70867728950e' },
        }),
      'GET /api/agents/by-org/o1': () =>
        agentsAfter(
          fetch.calls
            .find((c) => c.url.includes('/update/'))!
            .url.split('/')
            .pop()!,
        ),
    });
    const updateRoute = vi.fn((_body: string) =>
      json({ success: true, message: 'Agent created successfully' }),
    );
    const api = createDashboardApi({
      fetch: wrap(fetch, updateRoute),
      runtimeUrl: 'http://host/v1',
    });
    const agent = await api.createAgent({ prefix: 'support', kind: 'knowledge', orgId: 'o1' });
    expect(agent.id).toMatch(
      /^support_[0-9a-f]{8}_[0-9a-f]{4}_[0-9a-f]{4}_[0-9a-f]{4}_[0-9a-f]{12}$/,
    );
    const appBody = JSON.parse(fetch.calls[0]!.body!);
    expect(appBody).toEqual({
      agentName: agent.id,
      organizationId: 'o1',
      modelProvider: 'langgenius/openai/openai',
      modelName: 'gpt-4o',
      agentType: 'knowledge',
    });
    const updateBody = JSON.parse(updateRoute.mock.calls[0]![0]);
    expect(updateBody).toMatchObject({
      organization_id: 'o1',
      status: 'active',
      chatbot_api: 'http://host/v1/chat-messages',
      chatbot_key: 'app-KEY',
      system_prompt: defaultSystemPrompt,
      ...toolsDefaults,
      tts_config: { provider: 'openai', openai: { model: 'tts-1', voice: 'alloy' } },
      stt_config: { provider: 'deepgram', deepgram: { model: 'nova-2', language: 'en-US' } },
    });
  });

  it('given the app creation fails › still configures the agent (tolerated), without a key', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetch = routeFetch({
      'POST /api/app/create-agent': () => json({ error: 'down' }, 503, 'Service Unavailable'),
      'GET /api/agents/by-org/o1': () => json({ agents: [] }),
    });
    const updateRoute = vi.fn((_body: string) => json({ success: true, message: 'ok' }));
    const api = createDashboardApi({ fetch: wrap(fetch, updateRoute) });
    await api.createAgent({ prefix: 'support', kind: 'action', orgId: 'o1' });
    const body = JSON.parse(updateRoute.mock.calls[0]![0]);
    expect(body.chatbot_key).toBeNull();
    expect(body.chatbot_api).toBeNull();
  });

  it('given configuring fails › rejects with the server message', async () => {
    const fetch = routeFetch({ 'POST /api/app/create-agent': () => json({ success: false }) });
    const api = createDashboardApi({
      fetch: wrap(fetch, () =>
        json({ success: false, error: 'nudge_interval: Too big' }, 400, 'Bad Request'),
      ),
    });
    await expect(
      api.createAgent({ prefix: 'support', kind: 'knowledge', orgId: 'o1' }),
    ).rejects.toThrow('nudge_interval: Too big');
  });
});

describe('createDashboardApi.deleteAgent', () => {
  it('deletes, then cleans the app up without waiting; a slow cleanup logs the time-out', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetch = routeFetch({
      'DELETE /api/agents/delete/a_1': () => json({ success: true, message: 'deleted' }),
      'POST /api/app/delete-agent': () => new Promise<Response>(() => {}),
    });
    const api = createDashboardApi({ fetch: abortable(fetch), cleanupTimeoutMs: 20 });
    await api.deleteAgent('a_1', 'o1');
    expect(fetch.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'DELETE /api/agents/delete/a_1',
      'POST /api/app/delete-agent',
    ]);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('Dify cleanup timeout'));
  });
});

/** Routes /api/agents/update/* to `update` (body text as its argument), the rest to `fetch`. */
function wrap(fetch: ReturnType<typeof routeFetch>, update: (body: string) => Response) {
  return async (input: string, init?: RequestInit) => {
    if (input.includes('/api/agents/update/')) {
      fetch.calls.push({ url: input, method: 'POST', headers: {}, body: String(init?.body) });
      return update(String(init?.body));
    }
    return fetch(input, init);
  };
}

/** Makes a never-answering route honour the abort signal, like real fetch. */
function abortable(fetch: ReturnType<typeof routeFetch>) {
  return (input: string, init?: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
      fetch(input, init).then(resolve, reject);
    });

  describe('createDashboardApi.listAgentsResult (spec §8)', () => {
    it('a 404 or 405 list answer reads as no agents, with noAgents set', async () => {
      for (const status of [404, 405]) {
        const fetch = routeFetch({
          'GET /api/agents/by-org/o1': () => json({ error: 'nope' }, status, 'Not Found'),
        });
        const api = createDashboardApi({ fetch });
        await expect(api.listAgentsResult!('o1')).resolves.toEqual({ agents: [], noAgents: true });
      }
    });
    it('a 500 still fails', async () => {
      const fetch = routeFetch({
        'GET /api/agents/by-org/o1': () => json({ error: 'Database down' }, 500, 'Server Error'),
      });
      await expect(createDashboardApi({ fetch }).listAgentsResult!('o1')).rejects.toThrow(
        'Database down',
      );
    });
  });
}

describe('createDashboardApi.signedIn', () => {
  it('asks better-auth’s get-session (200 with null when signed out), never /api/org/me', async () => {
    const out = routeFetch({ 'GET /api/auth/get-session': () => json(null) });
    expect(await createDashboardApi({ fetch: out }).signedIn!()).toBe(false);
    const signedIn = routeFetch({
      'GET /api/auth/get-session': () =>
        json({ session: { id: 's1', userId: 'u1' }, user: { id: 'u1', email: 'a@b.c' } }),
    });
    expect(await createDashboardApi({ fetch: signedIn }).signedIn!()).toBe(true);
    expect([...out.calls, ...signedIn.calls].map((c) => c.url)).toEqual([
      '/api/auth/get-session',
      '/api/auth/get-session',
    ]);
  });
});

describe('createDashboardApi: SMS and WhatsApp (issue 16)', () => {
  it('scopes every call to the organization; unassign strips the +; sends are form-encoded', async () => {
    const fetch = routeFetch({
      'GET /messaging/sms/phone-numbers': () => json({ phone_numbers: [], count: 0 }),
      'GET /voice/telephony/organization/o1': () =>
        json({ provider: 'sandbox', sandbox: true, credentials: 'none' }),
      'DELETE /messaging/whatsapp/unassign-receiving-number-agent/14155550100': () =>
        json({ success: true, message: 'Receiving number unassigned successfully!' }),
      'POST /messaging/sms/send-message': () =>
        json({ success: true, message: 'SMS message sent successfully!', data: {} }),
      'GET /messaging/sms/messages': () => json({ conversations: [] }),
    });
    const api = createDashboardApi({ fetch });
    await expect(api.channelPage('sms', 'o1')).resolves.toEqual({
      numbers: [],
      provider: 'sandbox',
      sandbox: true,
    });
    await api.unassignChannelNumber('whatsapp', 'o1', '+14155550100');
    const sent = await api.sendSms('o1', {
      from_number: '+14155550100',
      to_number: '+15005550100',
      message_text: 'Hi',
      context: ' ',
    });
    expect(sent.message).toBe('SMS message sent successfully!');
    await expect(api.channelMessages('sms', 'o1')).resolves.toEqual([]);
    const urls = fetch.calls.filter((c) => c.method !== 'POST').map((c) => c.url);
    expect(urls.filter((u) => u.includes('/messaging/'))).toEqual([
      '/messaging/sms/phone-numbers?organization_id=o1',
      '/messaging/whatsapp/unassign-receiving-number-agent/14155550100?organization_id=o1',
      '/messaging/sms/messages?organization_id=o1',
    ]);
    const body = new URLSearchParams(fetch.calls.find((c) => c.method === 'POST')!.body);
    expect(Object.fromEntries(body)).toEqual({
      from_number: '+14155550100',
      to_number: '+15005550100',
      message_text: 'Hi',
      organization_id: 'o1',
    });
  });
});

describe('createDashboardApi.listMailboxMappings (Overview: Total Emails)', () => {
  it("asks for the organization's mailbox mappings and returns them", async () => {
    const fetch = routeFetch({
      'GET /messaging/mail/agent-mappings': () =>
        json({
          mappings: [
            { email_address: 'help@acme.test', agent_url: 'agent:support_1' },
            { email_address: 'sales@acme.test', agent_url: 'agent:sales_1' },
          ],
          total_mappings: 2,
        }),
    });
    const api = createDashboardApi({ fetch });
    const mappings = await api.listMailboxMappings('org_2');
    expect(mappings).toHaveLength(2);
    // A member of several organizations must name the one the Overview shows.
    expect(new URL(fetch.calls[0]!.url, 'http://x').searchParams.get('organization_id')).toBe(
      'org_2',
    );
  });
});

describe('createDashboardApi.testAgentKey (Test key)', () => {
  it('asks what the key opens (GET /info): no chat is sent, so nothing is stored nor a model called', async () => {
    const fetch = routeFetch({
      'GET /v1/info': () => json({ name: 'support', description: '', tags: [], mode: 'chat' }),
    });
    const api = createDashboardApi({ fetch });
    await api.testAgentKey!('http://host/v1/chat-messages', 'app-KEY');
    expect(fetch.calls.map((c) => [c.method, new URL(c.url).pathname])).toEqual([
      ['GET', '/v1/info'],
    ]);
    expect(fetch.calls[0]!.headers?.['Authorization'] ?? '').toBe('Bearer app-KEY');
  });

  it('a refused key fails with the server’s reason', async () => {
    const fetch = routeFetch({
      'GET /v1/info': () => json({ code: 'unauthorized', message: 'Access token is invalid' }, 401),
    });
    const api = createDashboardApi({ fetch });
    await expect(api.testAgentKey!('http://host/v1', 'app-WRONG')).rejects.toThrow(
      'Access token is invalid',
    );
  });
});
