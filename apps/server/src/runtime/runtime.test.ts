import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createChatRuntime, newAgentId } from '@parley/api-client';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness';
import { chatAgent, type AgentSettings } from '../../test/agentFixtures';
import { startFakeProvider, type FakeProvider } from '../../test/fakeProviders';
import { eq } from 'drizzle-orm';
import { agents } from '../db/schema';

let server: TestServer;
let fake: FakeProvider;
let owner: TestUser;
let orgId: string;

beforeAll(async () => {
  fake = await startFakeProvider();
  // The fake model listens on loopback: allow-listed as an operator would for a local model.
  server = await startTestServer({
    env: { ANTHROPIC_BASE_URL: `${fake.url}/v1`, PARLEY_MODEL_ALLOW_HOSTS: '127.0.0.1' },
  });
  owner = server.newUser();
  orgId = await owner.withOrg('Runtime Org');
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

async function agentWith(settings: AgentSettings) {
  const {
    id,
    appKey: key,
    appId,
  } = await chatAgent(owner, orgId, 'bot', {
    system_prompt: 'You are the Acme front desk.',
    status: 'active',
    ...settings,
  });
  return {
    id,
    key,
    appId,
    runtime: createChatRuntime({ apiUrl: `${server.url}/v1`, apiKey: key }),
  };
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('runtime /v1/chat-messages (Dify-compatible)', () => {
  it('given an OpenAI-compatible model_live_url › blocking answer from the model with the system prompt', async () => {
    const { key } = await agentWith({
      model_live_url: `${fake.url}/v1`,
      model_name: 'gpt-4o-mini',
    });
    fake.requests.length = 0;
    const res = await post(
      '/v1/chat-messages',
      { inputs: {}, query: 'Hi!', response_mode: 'blocking', user: 'u1' },
      { Authorization: `Bearer ${key}` },
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      event: 'message',
      answer: 'Hello from the fake model.',
      metadata: { offline: false },
    });
    expect(body.conversation_id).toMatch(/^[0-9a-f-]{36}$/);
    const sent = fake.requests[0]!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.body.model).toBe('gpt-4o-mini');
    expect(JSON.stringify(sent.body.messages)).toContain('You are the Acme front desk.');
  });

  it('streams deltas over SSE and keeps the conversation history', async () => {
    const { runtime } = await agentWith({ model_live_url: `${fake.url}/v1` });
    const deltas: string[] = [];
    const first = await runtime.stream({
      query: 'Opening hours?',
      user: 'u2',
      onDelta: (d) => deltas.push(d),
    });
    expect(deltas).toEqual(['Hello', ' from', ' the', ' fake', ' model.']);
    expect(first).toMatchObject({ answer: 'Hello from the fake model.', offline: false });
    fake.requests.length = 0;
    await runtime.stream({
      query: 'And on Sunday?',
      user: 'u2',
      conversationId: first.conversationId,
    });
    const sent = fake.requests[0]!.body.messages as Array<{ role: string; content: unknown }>;
    // The history oldest first, between the system message and the new question.
    expect(sent.slice(1).map((m) => [m.role, JSON.stringify(m.content)])).toEqual([
      ['user', expect.stringContaining('Opening hours?')],
      ['assistant', expect.stringContaining('Hello from the fake model.')],
      ['user', expect.stringContaining('And on Sunday?')],
    ]);
    expect(sent[0]!.role).toBe('system');
  });

  it('a streamed answer is an uncached event stream a widget on another site can read, one event per delta', async () => {
    const { key } = await agentWith({ model_live_url: `${fake.url}/v1` });
    const res = await fetch(`${server.url}/v1/chat-messages`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${key}`,
        'Content-Type': 'application/json',
        Origin: 'https://customer.example',
      },
      body: JSON.stringify({ query: 'Hi', response_mode: 'streaming', user: 'sse-1' }),
    });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const events = (await res.text())
      .split('\n\n')
      .filter(Boolean)
      .map((e) => JSON.parse(e.replace(/^data: /, '')) as { event: string; answer?: string });
    expect(events.map((e) => e.event)).toEqual([...Array(5).fill('message'), 'message_end']);
    expect(events.map((e) => e.answer ?? '').join('')).toBe('Hello from the fake model.');
  });

  it('given Anthropic with an agent key › speaks the Anthropic messages format; the key is stored masked', async () => {
    const { id, runtime } = await agentWith({
      model_provider: 'langgenius/anthropic/anthropic',
      model_name: 'claude-3-5-haiku',
      model_api_key: 'sk-ant-secret-9876',
    });
    fake.requests.length = 0;
    const result = await runtime.stream({ query: 'Hello?', user: 'u3' });
    expect(result.answer).toBe('Hello from the fake model.');
    expect(fake.requests[0]!.path).toBe('/v1/messages');
    expect(fake.requests[0]!.headers['x-api-key']).toBe('sk-ant-secret-9876');
    const info = await owner.agents.info(id);
    expect(info.model_api_key_masked).toMatch(/^•+9876$/);
    expect(JSON.stringify(info)).not.toContain('sk-ant-secret');
  });

  it('given no key › the offline responder answers and says so', async () => {
    const { runtime } = await agentWith({ model_provider: 'langgenius/openai/openai' });
    const result = await runtime.stream({ query: 'Hi', user: 'u4' });
    expect(result.offline).toBe(true);
    expect(result.answer).toMatch(/^Offline responder: no OpenAI API key is configured/);
  });

  it('given a failing model › streaming sends an error event and blocking answers 502', async () => {
    const { key, runtime } = await agentWith({ model_live_url: `${fake.url}/v1` });
    fake.reply.fail = true;
    const requestsBefore = fake.requests.length;
    try {
      await expect(runtime.stream({ query: 'Hi', user: 'u5' })).rejects.toThrow(
        'The model call failed',
      );
      // A retryable answer is tried once more (after the provider's Retry-After), then given up.
      expect(fake.requests.length - requestsBefore).toBe(2);
      const res = await post(
        '/v1/chat-messages',
        { query: 'Hi', response_mode: 'blocking', user: 'u5' },
        { Authorization: `Bearer ${key}` },
      );
      expect(res.status).toBe(502);
    } finally {
      fake.reply.fail = false;
    }
  });

  it('rejects bad keys (401), bad bodies (400 naming the field) and unknown conversations (404)', async () => {
    const { key } = await agentWith({});
    expect(
      (
        await post(
          '/v1/chat-messages',
          { query: 'x', user: 'u' },
          { Authorization: 'Bearer app-nope' },
        )
      ).status,
    ).toBe(401);
    expect((await post('/v1/chat-messages', { query: 'x', user: 'u' })).status).toBe(401);
    const bad = await post(
      '/v1/chat-messages',
      { query: '  ', user: 'u' },
      { Authorization: `Bearer ${key}` },
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe('query: query is required');
    const unknown = await post(
      '/v1/chat-messages',
      { query: 'x', user: 'u', conversation_id: '00000000-0000-4000-8000-000000000000' },
      { Authorization: `Bearer ${key}` },
    );
    expect(unknown.status).toBe(404);
  });

  it('answers CORS preflights (widgets call it from other sites)', async () => {
    const res = await fetch(`${server.url}/v1/chat-messages`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://customer.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('model panel calls', () => {
  it('prompt-config saves the prompt; model-config saves provider, model and an encrypted key; publish activates', async () => {
    const { id, key, appId } = await agentWith({ status: 'draft' });
    // Knowledge bases must be the organization's own (another organization's → 404).
    const kb1 = (await owner.raw('POST', `/api/knowledge-bases?org_id=${orgId}`, { name: 'KB 1' }))
      .body.id as string;
    expect(
      await owner.raw('POST', '/api/prompt-config', { prompt: 'New prompt', chatbot_api_key: key }),
    ).toMatchObject({
      status: 200,
      body: { success: true, message: 'Prompt saved successfully' },
    });
    const saved = await owner.raw('POST', '/api/model-config', {
      provider: 'langgenius/groq/groq',
      model: 'llama-3.1-8b',
      api_key: 'gsk_abcdef1234',
      chatbot_api_key: key,
      app_id: appId,
      dataset_configs: {
        retrieval_model: 'single',
        datasets: [kb1],
        top_k: 4,
        reranking_enable: false,
      },
    });
    expect(saved).toMatchObject({
      status: 200,
      body: { message: 'Model configuration saved successfully' },
    });
    const info = await owner.agents.info(id);
    expect(info).toMatchObject({
      system_prompt: 'New prompt',
      model_provider: 'langgenius/groq/groq',
      model_name: 'llama-3.1-8b',
      knowledge_base_ids: [kb1],
    });
    expect(info.model_api_key_masked).toMatch(/1234$/);
    // Sending the masked key back keeps the stored key.
    await owner.raw('POST', '/api/model-config', {
      provider: 'langgenius/groq/groq',
      model: 'llama-3.1-8b',
      api_key: String(info.model_api_key_masked),
      chatbot_api_key: key,
    });
    expect((await owner.agents.info(id)).model_api_key_masked).toMatch(/1234$/);
    const published = await owner.raw('POST', '/api/publish-agent', {
      chatbot_api_key: key,
      app_id: appId,
    });
    expect(published).toMatchObject({ status: 200, body: { success: true } });
    expect((await owner.agents.info(id)).status).toBe('active');
  });

  it('model-config with a wrong app_id › 404 app_not_found; bad input › 400', async () => {
    const { key } = await agentWith({});
    const res = await owner.raw('POST', '/api/model-config', {
      provider: 'openai',
      model: 'gpt-4o',
      chatbot_api_key: key,
      app_id: '0f8fad5b-d9cb-469f-a165-70867728950e',
    });
    expect(res).toMatchObject({ status: 404, body: { code: 'app_not_found' } });
    expect(
      (
        await owner.raw('POST', '/api/model-config', {
          provider: '',
          model: 'x',
          chatbot_api_key: key,
        })
      ).body.error,
    ).toMatch(/^provider: /);
  });

  it('chatbot/chat proxies a turn for an agent of my organization only', async () => {
    const { key } = await agentWith({ model_live_url: `${fake.url}/v1` });
    const res = await owner.raw('POST', '/api/chatbot/chat', {
      difyApiUrl: `${server.url}/v1`,
      difyApiKey: key,
      message: 'Hi',
    });
    expect(res).toMatchObject({ status: 200, body: { answer: 'Hello from the fake model.' } });
    const outsider = server.newUser();
    await outsider.withOrg('Other');
    expect(
      (
        await outsider.raw('POST', '/api/chatbot/chat', {
          difyApiUrl: 'x',
          difyApiKey: key,
          message: 'Hi',
        })
      ).status,
    ).toBe(404);
    expect(
      (await outsider.raw('POST', '/api/prompt-config', { prompt: 'pwned', chatbot_api_key: key }))
        .status,
    ).toBe(404);
    expect(
      (
        await outsider.raw('POST', '/api/publish-agent', {
          chatbot_api_key: key,
          app_id: '0f8fad5b-d9cb-469f-a165-70867728950e',
        })
      ).status,
    ).toBe(404);
  });
});

describe('public agent settings (the QR code page)', () => {
  it('answers an active agent’s name, greeting, URL and publishable key; drafts and unknown → 404', async () => {
    const { fetchPublicAgent } = await import('@parley/api-client');
    const { id, key } = await agentWith({ status: 'active', initial_message: 'Welcome to Acme!' });
    const info = await fetchPublicAgent(server.url, id);
    expect(info).toEqual({
      agent_name: id,
      name: 'bot',
      initial_message: 'Welcome to Acme!',
      api_url: `${server.url}/v1`,
      api_key: key,
      // 'Talk to a person' is on by default (issue 41).
      talk_to_person: true,
    });
    const draft = await agentWith({ status: 'draft' });
    await expect(fetchPublicAgent(server.url, draft.id)).rejects.toThrow('Agent not found');
    await expect(fetchPublicAgent(server.url, 'nobody_here')).rejects.toThrow('Agent not found');
  });
});

describe('the agent of a key', () => {
  it('is read once per key, and a change made straight in the database (as another server process would) is seen by the next chat', async () => {
    const { id, key, runtime } = await agentWith({ model_live_url: `${fake.url}/v1` });
    await runtime.stream({ query: 'Hi', user: 'cache-1' });
    // Not through this server's API: only the agents trigger's NOTIFY can drop the cached agent.
    await server.db
      .update(agents)
      .set({ systemPrompt: 'You are the Acme night desk.' })
      .where(eq(agents.agentName, id));
    // The notification reaches this process's listener a moment after the commit (on PostgreSQL
    // over its own connection), as it would reach another process: the next chats see the change
    // once it has arrived, long before the cache's 5-minute lifetime.
    await vi.waitFor(
      async () => {
        fake.requests.length = 0;
        await runtime.stream({ query: 'Hi', user: 'cache-1' });
        expect(JSON.stringify(fake.requests[0]!.body.messages)).toContain('Acme night desk');
      },
      { timeout: 5000, interval: 50 },
    );
    await server.db.update(agents).set({ status: 'draft' }).where(eq(agents.agentName, id));
    await vi.waitFor(
      async () => {
        const res = await post(
          '/v1/chat-messages',
          { query: 'Hi', user: 'cache-1' },
          { Authorization: `Bearer ${key}` },
        );
        await res.body?.cancel();
        expect(res.status).toBe(403);
      },
      { timeout: 5000, interval: 50 },
    );
  });
});

describe('public access rules', () => {
  it('per-agent allowed origins: other sites get 403, listed sites and no-Origin callers pass', async () => {
    const { id, key } = await agentWith({});
    await owner.agents.update(id, {
      organization_id: orgId,
      allowed_origins: ['https://shop.example'],
    });
    const call = (origin?: string) =>
      post(
        '/v1/chat-messages',
        { query: 'Hi', response_mode: 'blocking', user: 'o' },
        { Authorization: `Bearer ${key}`, ...(origin ? { Origin: origin } : {}) },
      );
    expect((await call('https://evil.example')).status).toBe(403);
    expect((await call('https://shop.example')).status).toBe(200);
    expect((await call()).status).toBe(200);
    const bad = await owner.raw('POST', `/api/agents/update/${id}`, {
      organization_id: orgId,
      allowed_origins: ['https://x.example/path'],
    });
    expect(bad.status).toBe(400);
    expect(String(bad.body.error)).toMatch(/^allowed_origins\.0: /);
  });
});

describe('rate limits', () => {
  it('per visitor IP: 429 with Retry-After once the limit is spent', async () => {
    const limited = await startTestServer({
      env: {
        PARLEY_RATE_LIMIT_PER_IP: '3',
        PARLEY_RATE_LIMIT_PER_KEY: '100',
        PARLEY_RATE_LIMIT_READS_PER_IP: '3',
      },
    });
    try {
      const u = limited.newUser();
      const org = await u.withOrg('Limits');
      const id = newAgentId('lim');
      const app = await u.apps.createAgent({ agentName: id, organizationId: org });
      await u.agents.update(id, { organization_id: org, status: 'active' });
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 5; i++) {
        const res = await fetch(`${limited.url}/v1/chat-messages`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${app.data!.appKey}`,
            'Content-Type': 'application/json',
          },
          body: JSON.stringify({ query: 'Hi', response_mode: 'blocking', user: 'r' }),
        });
        statuses.push(res.status);
        if (res.status === 429) retryAfter = res.headers.get('retry-after');
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expect(Number(retryAfter)).toBeGreaterThan(0);

      // The reads of the public runtime have a per-IP limit of their own: the live event stream
      // and the messages of a conversation (whatever their answer, each request counts).
      const headers = { Authorization: `Bearer ${app.data!.appKey}` };
      const conversation = crypto.randomUUID();
      const reads: number[] = [];
      for (const path of [
        `/v1/messages?user=r&conversation_id=${conversation}`,
        `/v1/conversations/${conversation}/events?user=r`,
        `/v1/messages?user=r&conversation_id=${conversation}`,
        `/v1/conversations/${conversation}/events?user=r`,
        `/v1/messages?user=r&conversation_id=${conversation}`,
      ]) {
        const res = await fetch(`${limited.url}${path}`, { headers });
        await res.body?.cancel();
        reads.push(res.status);
      }
      expect(reads.slice(0, 3).every((s) => s !== 429)).toBe(true);
      expect(reads.slice(3)).toEqual([429, 429]);
    } finally {
      await limited.close();
    }
  });
});
