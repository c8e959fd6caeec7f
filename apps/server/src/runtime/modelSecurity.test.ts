import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatRuntime, newAgentId } from '@parley/api-client';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness';
import { startFakeProvider, type FakeProvider } from '../../test/fakeProviders';
import { and, eq } from 'drizzle-orm';
import { conversations, messages } from '../db/schema';
import { abandonedNote } from './chat';

const serverKeys = {
  OPENAI_API_KEY: 'sk-server-openai-SECRET',
  ANTHROPIC_API_KEY: 'sk-ant-server-SECRET',
  GOOGLE_GENERATIVE_AI_API_KEY: 'google-server-SECRET',
  GROQ_API_KEY: 'gsk-server-SECRET',
  DEEPSEEK_API_KEY: 'ds-server-SECRET',
  XAI_API_KEY: 'xai-server-SECRET',
};

let fake: FakeProvider;
/** A model on loopback that the operator allow-listed (PARLEY_MODEL_ALLOW_HOSTS=127.0.0.1). */
let server: TestServer;
let owner: TestUser;
let orgId: string;
/** The safe default: no allow-list. */
let strict: TestServer;
let strictOwner: TestUser;
let strictOrg: string;

beforeAll(async () => {
  fake = await startFakeProvider();
  [server, strict] = await Promise.all([
    startTestServer({
      env: {
        ...serverKeys,
        // The server's own OpenAI gateway (operator-configured) is the fake model under /provider.
        OPENAI_BASE_URL: `${fake.url}/provider/v1`,
        PARLEY_MODEL_ALLOW_HOSTS: '127.0.0.1',
        PARLEY_RATE_LIMIT_PER_IP: '100000',
        PARLEY_RATE_LIMIT_PER_KEY: '100000',
      },
    }),
    startTestServer({ env: { ...serverKeys } }),
  ]);
  owner = server.newUser();
  strictOwner = strict.newUser();
  [orgId, strictOrg] = await Promise.all([owner.withOrg('Keys'), strictOwner.withOrg('Strict')]);
}, 120_000);
afterAll(async () => {
  await Promise.all([server?.close(), strict?.close()]);
  await fake?.close();
});

async function agentWith(
  user: TestUser,
  org: string,
  base: string,
  settings: Record<string, unknown>,
) {
  const id = newAgentId('sec');
  const app = await user.apps.createAgent({ agentName: id, organizationId: org });
  const key = app.data!.appKey;
  const saved = await user.raw('POST', `/api/agents/update/${id}`, {
    organization_id: org,
    // Published: a draft does not answer on its public key.
    status: 'active',
    ...settings,
  });
  return { id, key, saved, runtime: createChatRuntime({ apiUrl: `${base}/v1`, apiKey: key }) };
}

const allHeaders = () => JSON.stringify(fake.requests.map((r) => r.headers));

describe('server-wide provider keys', () => {
  it.each([
    'langgenius/openai/openai',
    'langgenius/anthropic/anthropic',
    'langgenius/groq/groq',
    'langgenius/google/google',
    'langgenius/deepseek/deepseek',
    'langgenius/x/xai',
  ])(
    'a listener at an agent’s model_live_url never receives the server’s key (%s)',
    async (provider) => {
      const { saved, runtime } = await agentWith(owner, orgId, server.url, {
        model_provider: provider,
        model_live_url: `${fake.url}/v1`,
      });
      expect(saved.status).toBe(200);
      fake.requests.length = 0;
      const result = await runtime.stream({ query: 'Hi', user: 'k1' });
      expect(result.answer).toBe('Hello from the fake model.');
      expect(fake.requests).toHaveLength(1);
      expect(fake.requests[0]!.headers.authorization).toBeUndefined();
      expect(allHeaders()).not.toContain('SECRET');
    },
  );

  it('an agent with its own key sends that key to its model_live_url', async () => {
    const { runtime } = await agentWith(owner, orgId, server.url, {
      model_live_url: `${fake.url}/v1`,
      model_api_key: 'sk-agent-own-1234',
    });
    fake.requests.length = 0;
    await runtime.stream({ query: 'Hi', user: 'k2' });
    expect(fake.requests[0]!.headers.authorization).toBe('Bearer sk-agent-own-1234');
    expect(allHeaders()).not.toContain('SECRET');
  });

  it('a stored model key stays with its Live URL: a new address needs the key typed again', async () => {
    const member = server.newUser();
    await member.signUp();
    await owner.org.addUser({ orgId, userId: member.userId, role: 'member' });
    const elsewhere = await startFakeProvider();
    try {
      const { id, key, runtime } = await agentWith(owner, orgId, server.url, {
        model_live_url: `${fake.url}/v1`,
        model_api_key: 'sk-owner-only-9876',
      });
      const info = await member.raw('GET', `/api/agents/info/${id}`);
      const masked = String(info.body.model_api_key_masked ?? info.body.model_api_key);
      expect(masked).toMatch(/9876$/);
      const retype =
        'type the secret again for the new address (a saved secret is only sent to the address it was saved for)';
      // The model panel's save, the masked key sent back (or left out) with a new Live URL.
      for (const api_key of [masked, undefined]) {
        const res = await member.raw('POST', '/api/model-config', {
          provider: 'langgenius/openai/openai',
          model: 'gpt-4o-mini',
          chatbot_api_key: key,
          model_live_url: `${elsewhere.url}/v1`,
          ...(api_key === undefined ? {} : { api_key }),
        });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({
          error: `api_key: ${retype}`,
          issues: [{ field: 'api_key' }],
        });
      }
      // The agent's own save, and back to the provider's own API: the same.
      for (const model_live_url of [`${elsewhere.url}/v1`, '']) {
        const res = await member.raw('POST', `/api/agents/update/${id}`, {
          organization_id: orgId,
          model_live_url,
          model_api_key: masked,
        });
        expect(res.status).toBe(400);
        expect(res.body.error).toBe(`model_api_key: ${retype}`);
      }
      await runtime.stream({ query: 'Hi', user: 'k9' });
      expect(elsewhere.requests).toEqual([]);
      // Another path on the same address keeps the key; typed again, the new address takes it.
      const samePlace = await member.raw('POST', `/api/agents/update/${id}`, {
        organization_id: orgId,
        model_live_url: `${fake.url}/v1/`,
        model_api_key: masked,
      });
      expect(samePlace.status).toBe(200);
      const moved = await member.raw('POST', '/api/model-config', {
        provider: 'langgenius/openai/openai',
        model: 'gpt-4o-mini',
        chatbot_api_key: key,
        model_live_url: `${elsewhere.url}/v1`,
        api_key: 'sk-member-typed-1111',
      });
      expect(moved.status).toBe(200);
      await runtime.stream({ query: 'Hi', user: 'k9' });
      expect(elsewhere.requests.map((r) => r.headers.authorization)).toEqual([
        'Bearer sk-member-typed-1111',
      ]);
    } finally {
      await elsewhere.close();
    }
  });

  it('the server’s key goes to the provider’s configured base URL only', async () => {
    const { runtime } = await agentWith(owner, orgId, server.url, {
      model_provider: 'langgenius/openai/openai',
    });
    fake.requests.length = 0;
    const result = await runtime.stream({ query: 'Hi', user: 'k3' });
    expect(result.offline).toBe(false);
    expect(fake.requests[0]!.path).toBe('/provider/v1/chat/completions');
    expect(fake.requests[0]!.headers.authorization).toBe('Bearer sk-server-openai-SECRET');
  });
});

describe('model_live_url is an outbound request the tenant controls', () => {
  it.each([
    ['http://127.0.0.1:11434/v1', '127.0.0.1 is not a public address'],
    ['http://[::127.0.0.1]/v1', '::7f00:1 is not a public address'],
    ['http://[::ffff:127.0.0.1]/v1', 'is not a public address'],
    ['http://2130706433/v1', '127.0.0.1 is not a public address'],
    ['http://169.254.169.254/latest', '169.254.169.254 is not a public address'],
    ['http://10.0.0.7/v1', '10.0.0.7 is not a public address'],
    ['http://localhost:11434/v1', 'which is not a public address'],
    ['file:///etc/passwd', 'Only http and https URLs are allowed'],
    ['http://user:pw@8.8.8.8/v1', 'URLs with credentials are not allowed'],
    ['https://8.8.8.8/v1?api-version=1#x', 'A base URL cannot have a query string'],
    ['https://8.8.8.8/v1#/other', 'A base URL cannot have a fragment'],
    ['not a url', 'The URL is not valid'],
  ])('%s is refused at save time, naming the field', async (url, reason) => {
    const { id, key } = await agentWith(strictOwner, strictOrg, strict.url, {});
    const saved = await strictOwner.raw('POST', `/api/agents/update/${id}`, {
      organization_id: strictOrg,
      model_live_url: url,
    });
    expect(saved.status).toBe(400);
    expect(String(saved.body.error)).toMatch(/^model_live_url: /);
    expect(String(saved.body.error)).toContain(reason);
    expect(saved.body.issues).toEqual([{ field: 'model_live_url', message: expect.any(String) }]);
    const viaModelConfig = await strictOwner.raw('POST', '/api/model-config', {
      provider: 'langgenius/openai/openai',
      model: 'gpt-4o',
      chatbot_api_key: key,
      model_live_url: url,
    });
    expect(viaModelConfig.status).toBe(400);
    expect(String(viaModelConfig.body.error)).toContain(reason);
    // Nothing was written.
    expect((await strictOwner.agents.info(id)).model_live_url ?? null).toBeNull();
  });

  it('public addresses and the operator’s allow-list are accepted; empty clears', async () => {
    const { id, saved } = await agentWith(strictOwner, strictOrg, strict.url, {
      model_live_url: 'https://8.8.8.8/v1/',
    });
    expect(saved.status).toBe(200);
    expect((await strictOwner.agents.info(id)).model_live_url).toBe('https://8.8.8.8/v1');
    const cleared = await strictOwner.raw('POST', `/api/agents/update/${id}`, {
      organization_id: strictOrg,
      model_live_url: '',
    });
    expect(cleared.status).toBe(200);
    const local = await agentWith(owner, orgId, server.url, {
      model_live_url: `${fake.url}/v1`,
    });
    expect(local.saved.status).toBe(200);
  });

  it('a model that does not speak the OpenAI wire format is an error the user sees', async () => {
    const { key, runtime } = await agentWith(owner, orgId, server.url, {
      model_live_url: `${fake.url}/v1`,
    });
    fake.reply.html = true;
    try {
      await expect(runtime.stream({ query: 'Hi', user: 'w1' })).rejects.toThrow(
        'did not answer in the OpenAI format (it sent text/html)',
      );
      const res = await fetch(`${server.url}/v1/chat-messages`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ query: 'Hi', response_mode: 'blocking', user: 'w1' }),
      });
      expect(res.status).toBe(502);
      expect(((await res.json()) as { error: string }).error).toContain('OpenAI format');
    } finally {
      fake.reply.html = false;
    }
  });

  it('a model answering JSON that is not the OpenAI format is a 502 naming the model, not a 500', async () => {
    const { key } = await agentWith(owner, orgId, server.url, {
      model_live_url: `${fake.url}/v1`,
      model_name: 'acme-llm-7b',
    });
    fake.reply.foreignJson = true;
    try {
      for (const response_mode of ['blocking', 'streaming'] as const) {
        const res = await fetch(`${server.url}/v1/chat-messages`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ query: 'Hi', response_mode, user: 'w2' }),
        });
        if (response_mode === 'blocking') {
          expect(res.status).toBe(502);
          const { error } = (await res.json()) as { error: string };
          expect(error).toMatch(/acme-llm-7b/);
          expect(error).toMatch(/did not answer in the OpenAI format/);
        } else {
          const text = await res.text();
          expect(text).toContain('"event":"error"');
          expect(text).toContain('"status":502');
          expect(text).toContain('acme-llm-7b');
        }
      }
    } finally {
      fake.reply.foreignJson = false;
    }
  });
});

describe('a visitor who leaves', () => {
  it('closing the connection aborts the model call at once (the model sees the connection close)', async () => {
    const { key } = await agentWith(owner, orgId, server.url, {
      model_live_url: `${fake.url}/v1`,
    });
    fake.reply.words = Array.from({ length: 60 }, (_, i) => ` w${i}`);
    fake.reply.delayMs = 200; // 12 s to the end
    const before = fake.abandoned;
    try {
      const visitor = new AbortController();
      const res = await fetch(`${server.url}/v1/chat-messages`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ query: 'Hi', response_mode: 'streaming', user: 'gone' }),
        signal: visitor.signal,
      });
      const reader = res.body!.getReader();
      const first = await reader.read();
      expect(new TextDecoder().decode(first.value)).toContain('"event":"message"');
      visitor.abort();
      const deadline = Date.now() + 5000;
      while (fake.abandoned === before && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(fake.abandoned).toBe(before + 1);
      // The answer so far is still stored, saying why it is cut short.
      const stored = async () =>
        server.db
          .select({ error: messages.error })
          .from(messages)
          .innerJoin(conversations, eq(conversations.id, messages.conversationId))
          .where(and(eq(conversations.endUser, 'gone'), eq(messages.role, 'assistant')));
      while ((await stored()).length === 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(await stored()).toEqual([{ error: abandonedNote }]);
    } finally {
      fake.reply.words = ['Hello', ' from', ' the', ' fake', ' model.'];
      fake.reply.delayMs = 0;
    }
  });
});

describe('under load', () => {
  it('every one of 100 concurrent streaming chats ends with an answer or an error; follow-ups see their history', async () => {
    const { key, runtime } = await agentWith(owner, orgId, server.url, {
      model_live_url: `${fake.url}/v1`,
    });
    fake.reply.delayMs = 5;
    try {
      const endings = await Promise.all(
        Array.from({ length: 100 }, async (_, i) => {
          const res = await fetch(`${server.url}/v1/chat-messages`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ query: `Q${i}`, response_mode: 'streaming', user: `load${i}` }),
          });
          const text = await res.text();
          return text.includes('"event":"message_end"')
            ? 'answer'
            : text.includes('"event":"error"')
              ? 'error'
              : `nothing (${res.status})`;
        }),
      );
      expect(endings.filter((e) => e !== 'answer' && e !== 'error')).toEqual([]);
      expect(endings.filter((e) => e === 'answer').length).toBeGreaterThan(90);
      const first = await runtime.stream({ query: 'Remember: blue.', user: 'hist' });
      fake.requests.length = 0;
      await runtime.stream({
        query: 'Colour?',
        user: 'hist',
        conversationId: first.conversationId,
      });
      expect(JSON.stringify(fake.requests[0]!.body.messages)).toContain('Remember: blue.');
    } finally {
      fake.reply.delayMs = 0;
    }
  }, 180_000);
});
