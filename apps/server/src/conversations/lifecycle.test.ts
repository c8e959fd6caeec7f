import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createChatRuntime,
  createConversationsClient,
  newAgentId,
  toolsDefaults,
} from '@parley/api-client';
import { startTestServer, type TestServer } from '../../test/harness';
import { startReceiver, type Receiver } from '../../test/webhookReceiver';
import { idleSecondsFrom } from './lifecycle';

/**
 * The idle end as the servers run it (the runner's job in every process): with
 * PARLEY_CONVERSATION_IDLE_SECONDS=1 a quiet chat ends by itself, once — on PostgreSQL with two
 * server processes' workers on one database.
 */

let first: TestServer;
let second: TestServer | null = null;
let receiver: Receiver;
let appKey: string;
let member: ReturnType<TestServer['newUser']>;

beforeAll(async () => {
  const env = { PARLEY_WEBHOOK_ALLOW_HOSTS: '127.0.0.1', PARLEY_CONVERSATION_IDLE_SECONDS: '1' };
  first = await startTestServer({ env });
  if (first.databaseUrl) second = await startTestServer({ env, databaseUrl: first.databaseUrl });
  receiver = await startReceiver();
  member = first.newUser();
  const orgId = await member.withOrg('Idle Org');
  const agentId = newAgentId('idle');
  const app = await member.apps.createAgent({ agentName: agentId, organizationId: orgId });
  appKey = app.data!.appKey;
  await member.agents.update(agentId, {
    organization_id: orgId,
    ...toolsDefaults,
    chatbot_api: `${first.url}/v1`,
    chatbot_key: appKey,
    status: 'active',
  });
  const res = await member.raw('POST', `/api/org/${orgId}/webhooks`, {
    url: `${receiver.url}/idle`,
    events: ['conversation.ended'],
  });
  expect(res.status).toBe(201);
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  await receiver?.close();
});

const endedOf = (id: string) =>
  receiver.events('conversation.ended').filter((e) => e.payload.data.conversation_id === id);

describe('the idle end', () => {
  it('a quiet chat ends by itself (ended_by idle), once across processes', async () => {
    const chat = createChatRuntime({ apiUrl: `${first.url}/v1`, apiKey: appKey });
    const a = await chat.send({ user: 'visitor-idle-a', query: 'Hello' });
    await expect.poll(() => endedOf(a.conversation_id).length, { timeout: 20_000 }).toBe(1);
    expect(endedOf(a.conversation_id)[0]!.payload.data).toMatchObject({
      ended_by: 'idle',
      channel: 'chat',
    });
    const inbox = createConversationsClient({ baseUrl: '/api', fetch: member.fetch });
    expect((await inbox.get(a.conversation_id)).status).toBe('ended');
    // Both processes' idle workers go round again (a second chat ends too) — the first stays ended once.
    const b = await chat.send({ user: 'visitor-idle-b', query: 'Hi' });
    await expect.poll(() => endedOf(b.conversation_id).length, { timeout: 20_000 }).toBe(1);
    expect(endedOf(a.conversation_id)).toHaveLength(1);
  });

  it('PARLEY_CONVERSATION_IDLE_SECONDS: the default, a value, and bad ones refused', () => {
    expect(idleSecondsFrom(undefined)).toBe(1800);
    expect(idleSecondsFrom('3')).toBe(3);
    for (const bad of ['0', '-1', '1.5', 'soon'])
      expect(() => idleSecondsFrom(bad)).toThrow(/PARLEY_CONVERSATION_IDLE_SECONDS/);
  });
});
