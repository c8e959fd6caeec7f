import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import {
  createAgentTestsClient,
  createAgentVersionsClient,
  createModelClient,
  newAgentId,
  toolsDefaults,
} from '@parley/api-client';
import { roomCallTokenTtlSeconds, signCallToken } from '@parley/api-client/call-token';
import { startTestServer, type TestServer, type TestUser } from '../../../test/harness';
import { startFakeProvider, type FakeProvider } from '../../../test/fakeProviders';
import { messageReplies, messages, phoneNumbers } from '../../db/schema';
import { answerInboundCall } from '../../telephony/inbound';

const workerSecret = 'worker-secret-versions-0123456789abcdef';
let server: TestServer;
let fake: FakeProvider;

beforeAll(async () => {
  fake = await startFakeProvider();
  server = await startTestServer({
    env: {
      PARLEY_MODEL_ALLOW_HOSTS: '127.0.0.1',
      PARLEY_WORKER_SECRET: workerSecret,
      PARLEY_REPLY_POLL_MS: '50',
    },
  });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

interface Agent {
  user: TestUser;
  orgId: string;
  id: string;
  key: string;
  appId: string;
  versions: ReturnType<typeof createAgentVersionsClient>;
  publish: (note?: string) => Promise<{ version?: number; published_at?: string }>;
  edit: (patch: Record<string, unknown>) => Promise<void>;
}

async function liveAgent(user?: TestUser, orgId?: string): Promise<Agent> {
  user ??= server.newUser();
  orgId ??= await user.withOrg('Versions Org');
  const id = newAgentId('versioned');
  const app = await user.apps.createAgent({ agentName: id, organizationId: orgId });
  const key = app.data!.appKey;
  const appId = app.data!.appId;
  const edit = async (patch: Record<string, unknown>) => {
    await user.agents.update(id, { organization_id: orgId, ...patch });
  };
  await edit({
    ...toolsDefaults,
    chatbot_api: `${server.url}/v1`,
    chatbot_key: key,
    initial_message: 'Hello from version one',
    system_prompt: 'PROMPT-ONE',
    model_live_url: `${fake.url}/v1`,
    status: 'active',
  });
  const model = createModelClient({ baseUrl: '/api', fetch: user.fetch });
  return {
    user,
    orgId,
    id,
    key,
    appId,
    versions: createAgentVersionsClient({ baseUrl: '/api/agents', fetch: user.fetch }),
    publish: (note) => model.publish({ chatbot_api_key: key, app_id: appId, note }),
    edit,
  };
}

/** The system prompt of the model's last request. */
function lastSystemPrompt(): string {
  const body = fake.requests.at(-1)!.body as {
    messages: Array<{ role: string; content: unknown }>;
  };
  return JSON.stringify(body.messages.find((m) => m.role === 'system')?.content ?? '');
}

async function v1(agent: Agent, path: string, init: RequestInit = {}) {
  const res = await fetch(`${server.url}/v1${path}`, {
    ...init,
    headers: {
      Authorization: `Bearer ${agent.key}`,
      'Content-Type': 'application/json',
      ...(init.headers ?? {}),
    },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const chat = (agent: Agent, query = 'What are your hours?') =>
  v1(agent, '/chat-messages', {
    method: 'POST',
    body: JSON.stringify({ query, user: 'visitor-1', response_mode: 'blocking' }),
  });

const worker = (path: string, body?: unknown) =>
  fetch(`${server.url}/voice/internal${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { Authorization: `Bearer ${workerSecret}`, 'Content-Type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });

/** A phone call (an inbound or scheduled call's stream) the worker takes: its agent configuration. */
async function phoneCallConfig(agent: Agent) {
  const account = `AC${'5'.repeat(32)}`;
  const number = '+15557770001';
  await server.db.insert(phoneNumbers).values({
    organizationId: agent.orgId,
    provider: 'twilio',
    providerAccount: account,
    providerId: `PN${'5'.repeat(32)}`,
    phoneNumber: number,
    voiceEnabled: true,
    voiceAgentName: agent.id,
  });
  const answer = await answerInboundCall(
    {
      db: server.db,
      env: { PARLEY_WORKER_SECRET: workerSecret },
      provider: 'twilio',
      account,
      orgIds: [agent.orgId],
    },
    { CallSid: `CA${'5'.repeat(32)}`, From: '+15550001111', To: number },
  );
  const token = Object.fromEntries(
    [...answer.twiml.matchAll(/<Parameter name="([^"]+)" value="([^"]*)"\/>/g)].map((m) => [
      m[1]!,
      m[2]!,
    ]),
  );
  const claimed = (await (await worker('/calls', { call_token: token })).json()) as {
    conversation_id: string;
  };
  return (await (await worker(`/calls/${claimed.conversation_id}/agent`)).json()) as {
    initial_message: string;
  };
}

/** The agent configuration the voice worker reads for a call from `caller`. */
async function callConfig(agent: Agent, caller: string) {
  const token = signCallToken(
    workerSecret,
    {
      transport: 'livekit',
      agent_id: agent.id,
      organization_id: agent.orgId,
      room: `room-${caller}`,
      caller,
    },
    { ttlSeconds: roomCallTokenTtlSeconds },
  );
  const claimed = (await (await worker('/calls', { call_token: token })).json()) as {
    conversation_id: string;
  };
  const config = (await (await worker(`/calls/${claimed.conversation_id}/agent`)).json()) as {
    initial_message: string;
  };
  return { callId: claimed.conversation_id, config };
}

describe('draft and live', () => {
  it('draft edits are invisible on every channel until Publish; the console tests the draft', async () => {
    const agent = await liveAgent();
    const first = await agent.publish('First version');
    expect(first.version).toBe(1);
    expect(first.published_at).toEqual(expect.any(String));

    await agent.edit({ initial_message: 'Hello from the draft', system_prompt: 'PROMPT-TWO' });
    const tools = await agent.user.raw('POST', `/api/agents/${agent.id}/tools`, {
      name: 'end_the_call',
      type: 'end_call',
    });
    expect(tools.status).toBe(201);

    // /v1: parameters, the public page's settings, a chat turn (its prompt, no draft tool).
    expect((await v1(agent, '/parameters')).body.opening_statement).toBe('Hello from version one');
    const page = await fetch(`${server.url}/v1/public/agents/${agent.id}`);
    expect(((await page.json()) as { initial_message: string }).initial_message).toBe(
      'Hello from version one',
    );
    const answer = await chat(agent);
    expect(answer.status).toBe(200);
    expect(lastSystemPrompt()).toContain('PROMPT-ONE');
    expect(fake.requests.at(-1)!.body.tools).toBeUndefined();
    expect((answer.body.metadata as { agent_version: number }).agent_version).toBe(1);

    // The console's chat proxy and test chat: the draft (its tool too), or live when asked.
    const proxy = await agent.user.raw('POST', '/api/chatbot/chat', {
      difyApiUrl: `${server.url}/v1`,
      difyApiKey: agent.key,
      message: 'Hi',
    });
    expect(proxy.body.metadata).toEqual({ agent_version: 'draft' });
    expect(lastSystemPrompt()).toContain('PROMPT-TWO');
    expect(JSON.stringify(fake.requests.at(-1)!.body.tools)).toContain('end_the_call');
    const consoleChat = (version: string) =>
      agent.user.fetch(`/api/chatbot/chat-messages?version=${version}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${agent.key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ query: 'Hi', user: 'console-x', response_mode: 'blocking' }),
      });
    const liveChat = (await (await consoleChat('live')).json()) as { metadata: object };
    expect(liveChat.metadata).toMatchObject({ agent_version: 1 });
    expect(lastSystemPrompt()).toContain('PROMPT-ONE');
    const draftChat = (await (await consoleChat('draft')).json()) as { metadata: object };
    expect(draftChat.metadata).toMatchObject({ agent_version: 'draft' });
    expect((await consoleChat('nope')).status).toBe(400);

    // The voice worker: a widget call takes the live version, the console's test call the draft.
    const widgetCall = await callConfig(agent, 'visitor-1234');
    expect(widgetCall.config.initial_message).toBe('Hello from version one');
    expect((await callConfig(agent, 'console-1234')).config.initial_message).toBe(
      'Hello from the draft',
    );
    expect((await callConfig(agent, 'console-live-1234')).config.initial_message).toBe(
      'Hello from version one',
    );
    // A phone call (inbound, or a scheduled call once answered) takes the live version too.
    expect((await phoneCallConfig(agent)).initial_message).toBe('Hello from version one');
    const calls = await agent.user.voice.callsForAgent(agent.id);
    expect(calls.find((c) => c.conversation_id === widgetCall.callId)?.agent_version).toBe(1);

    // SMS (every message channel replies through the same worker): the live version answers.
    await agent.user.voice.syncAllProviders({ organization_id: agent.orgId });
    const number = (await agent.user.voice.phoneNumberPage(agent.orgId)).phone_numbers.find(
      (n) => n.sms_enabled,
    )!;
    await agent.user.voice.assign(number.phone_id, agent.id, ['sms']);
    const sms = await agent.user.voice.simulateEvent(agent.orgId, {
      event: 'sms',
      to: number.phone_number,
      from: '+15005550901',
      text: 'Are you open?',
    });
    await expect
      .poll(async () => {
        const [reply] = await server.db
          .select({ status: messageReplies.status })
          .from(messageReplies)
          .where(eq(messageReplies.conversationId, sms.conversation_id!));
        return reply?.status;
      })
      .toBe('sent');
    expect(lastSystemPrompt()).toContain('PROMPT-ONE');
    const stored = await server.db
      .select({ role: messages.role, agentVersion: messages.agentVersion })
      .from(messages)
      .where(eq(messages.conversationId, sms.conversation_id!))
      .orderBy(asc(messages.createdAt));
    expect(stored).toEqual([
      { role: 'user', agentVersion: null },
      { role: 'assistant', agentVersion: '1' },
    ]);
    // The inbox's thread names it.
    const thread = await agent.user.raw('GET', `/api/conversations/${sms.conversation_id}`);
    const lines = thread.body.messages as Array<{ author: string; agent_version?: unknown }>;
    expect(lines.find((m) => m.author === 'agent')?.agent_version).toBe(1);

    // Test runs: the draft by default, the live version when asked; each names its version.
    const tests = createAgentTestsClient({ baseUrl: '/api/agents', fetch: agent.user.fetch });
    await tests.create(agent.id, {
      name: 'Greets',
      turns: [{ user: 'Hello', expect: [{ type: 'contains', value: 'fake model' }] }],
    });
    const liveRun = await tests.run(agent.id, { version: 'live' });
    expect(liveRun.agent_version).toBe(1);
    expect(lastSystemPrompt()).toContain('PROMPT-ONE');
    const draftRun = await tests.run(agent.id);
    expect(draftRun.agent_version).toBe('draft');
    expect(lastSystemPrompt()).toContain('PROMPT-TWO');

    // Publish: every channel serves the new version at once.
    const second = await agent.publish('New greeting');
    expect(second.version).toBe(2);
    expect((await v1(agent, '/parameters')).body.opening_statement).toBe('Hello from the draft');
    await chat(agent);
    expect(lastSystemPrompt()).toContain('PROMPT-TWO');
    expect(JSON.stringify(fake.requests.at(-1)!.body.tools)).toContain('end_the_call');
    expect((await agent.versions.draft(agent.id)).draft_changed).toBe(false);
  });

  it('an agent never published serves its draft (nothing live to keep) and says so', async () => {
    const agent = await liveAgent();
    const answer = await chat(agent);
    expect((answer.body.metadata as { agent_version: unknown }).agent_version).toBe('draft');
    const list = await agent.versions.list(agent.id);
    expect(list).toEqual({ live_version: null, draft_changed: true, versions: [] });
    const discard = await agent.user.raw('POST', `/api/agents/${agent.id}/draft/discard`);
    expect(discard.status).toBe(409);
    const liveRun = await agent.user.raw('POST', `/api/agents/${agent.id}/tests/run`, {
      version: 'live',
    });
    expect(liveRun.status).toBe(400);
    expect(String(liveRun.body.error)).toMatch(/^version: /);
  });
});

describe('versions', () => {
  it('lists versions newest first, shows one with its secrets masked, and restores instantly', async () => {
    const agent = await liveAgent();
    await agent.edit({ model_api_key: 'sk-secret-value-123456' });
    await agent.publish('First version');
    await agent.edit({ initial_message: 'Second greeting' });
    await agent.publish();

    const list = await agent.versions.list(agent.id);
    expect(list.live_version).toBe(2);
    expect(list.draft_changed).toBe(false);
    expect(list.versions.map((v) => [v.version, v.note, v.restored_from])).toEqual([
      [2, null, null],
      [1, 'First version', null],
    ]);
    expect(list.versions[0]!.published_by).toBe('Ada Lovelace');

    const one = await agent.versions.get(agent.id, 1);
    expect(one.settings).toMatchObject({
      initial_message: 'Hello from version one',
      model_api_key: '••••',
      system_prompt: 'PROMPT-ONE',
    });
    expect(JSON.stringify(one)).not.toContain('sk-secret');

    const restored = await agent.versions.restore(agent.id, 1);
    expect(restored).toEqual({ success: true, version: 3, restored_from: 1 });
    expect((await v1(agent, '/parameters')).body.opening_statement).toBe('Hello from version one');
    const after = await agent.versions.list(agent.id);
    expect(after.live_version).toBe(3);
    expect(after.versions[0]).toMatchObject({ version: 3, restored_from: 1 });
    // The draft is left as it was: it now differs from the live version.
    expect(after.draft_changed).toBe(true);

    expect(
      (await agent.user.raw('POST', `/api/agents/${agent.id}/versions/9/restore`)).status,
    ).toBe(404);
    const bad = await agent.user.raw('GET', `/api/agents/${agent.id}/versions/zero`);
    expect(bad.status).toBe(400);
    expect(String(bad.body.error)).toMatch(/^n: /);
  });

  it('the draft lists its changes (secrets masked) and Discard resets it to the live version', async () => {
    const agent = await liveAgent();
    await agent.publish();
    await agent.edit({ initial_message: 'Changed', model_api_key: 'sk-new-secret-abcdef' });
    await agent.user.raw('POST', `/api/agents/${agent.id}/tools`, {
      name: 'hang_up',
      type: 'end_call',
    });
    const draft = await agent.versions.draft(agent.id);
    expect(draft.draft_changed).toBe(true);
    expect(draft.live_version).toBe(1);
    expect(draft.changes).toEqual([
      { field: 'initial_message', live: 'Hello from version one', draft: 'Changed' },
      { field: 'model_api_key', live: null, draft: '••••' },
      {
        field: 'tools.hang_up',
        live: null,
        draft: expect.objectContaining({ name: 'hang_up', type: 'end_call' }),
      },
    ]);
    const discarded = await agent.versions.discardDraft(agent.id);
    expect(discarded.live_version).toBe(1);
    expect((await agent.versions.draft(agent.id)).changes).toEqual([]);
    expect((await agent.user.agents.info(agent.id)).initial_message).toBe('Hello from version one');
    const toolList = await agent.user.raw('GET', `/api/agents/${agent.id}/tools`);
    expect(toolList.body.tools).toEqual([]);
  });

  it('the test gate runs on the draft of an agent already live: failing tests keep the live version', async () => {
    const agent = await liveAgent();
    await agent.publish();
    const tests = createAgentTestsClient({ baseUrl: '/api/agents', fetch: agent.user.fetch });
    await tests.create(agent.id, {
      name: 'Uses the model',
      turns: [{ user: 'Hello', expect: [{ type: 'contains', value: 'fake model' }] }],
    });
    await tests.saveSettings(agent.id, { tests_must_pass: true });
    // The draft loses its model: the offline responder answers, the test fails.
    await agent.edit({ model_live_url: '', initial_message: 'Broken draft' });
    const refused = await agent.user.raw('POST', '/api/publish-agent', {
      chatbot_api_key: agent.key,
      app_id: agent.appId,
      note: 'Should not ship',
    });
    expect(refused.status).toBe(409);
    expect(String(refused.body.error)).toContain('Tests must pass to publish');
    expect((await agent.versions.list(agent.id)).live_version).toBe(1);
    expect((await v1(agent, '/parameters')).body.opening_statement).toBe('Hello from version one');
    await chat(agent);
    expect(lastSystemPrompt()).toContain('PROMPT-ONE');

    await agent.edit({ model_live_url: `${fake.url}/v1` });
    expect((await agent.publish('Fixed')).version).toBe(2);
    expect((await v1(agent, '/parameters')).body.opening_statement).toBe('Broken draft');
  });

  it('analytics can be limited to one version', async () => {
    const agent = await liveAgent();
    await agent.publish();
    await chat(agent);
    await agent.edit({ initial_message: 'v2' });
    await agent.publish();
    await chat(agent);
    await chat(agent);
    const figures = async (version?: string) =>
      (
        await agent.user.raw(
          'GET',
          `/api/analytics/agents/${agent.id}?period=24h${version ? `&version=${version}` : ''}`,
        )
      ).body as { totals: { agent_answers: number }; agent_version?: unknown };
    await expect.poll(async () => (await figures()).totals.agent_answers).toBe(3);
    expect((await figures('1')).totals.agent_answers).toBe(1);
    const second = await figures('2');
    expect(second.totals.agent_answers).toBe(2);
    expect(second.agent_version).toBe(2);
    expect((await figures('draft')).totals.agent_answers).toBe(0);
    const bad = await agent.user.raw('GET', `/api/analytics/agents/${agent.id}?version=x`);
    expect(bad.status).toBe(400);
  });
});
