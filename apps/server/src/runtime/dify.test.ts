import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Readable } from 'node:stream';
import { ChatClient } from 'dify-client';
import { runtimeChatResponseSchema } from '@parley/api-client';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness';
import { chatAgent } from '../../test/agentFixtures';
import { startFakeProvider, type FakeProvider } from '../../test/fakeProviders';

/** Dify's own Node client against our /v1, unchanged. */

let server: TestServer;
let fake: FakeProvider;
let owner: TestUser;
let orgId: string;

beforeAll(async () => {
  fake = await startFakeProvider();
  server = await startTestServer({ env: { PARLEY_MODEL_ALLOW_HOSTS: '127.0.0.1' } });
  owner = server.newUser();
  orgId = await owner.withOrg('Dify Org');
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

async function difyAgent() {
  const { id, appKey: key } = await chatAgent(owner, orgId, 'dify', {
    system_prompt: 'You are the Acme front desk.',
    initial_message: 'Welcome to Acme!',
    model_live_url: `${fake.url}/v1`,
    model_name: 'gpt-4o-mini',
    // Published: a draft does not answer on its public key.
    status: 'active',
  });
  return { id, key, client: new ChatClient(key, `${server.url}/v1`) };
}

/** The SSE events of a streamed answer (data lines, parsed). */
async function* events(stream: Readable): AsyncGenerator<Record<string, unknown>> {
  let buffer = '';
  for await (const chunk of stream) {
    buffer += String(chunk);
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split('\n')
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trim())
        .join('');
      if (data) yield JSON.parse(data) as Record<string, unknown>;
    }
  }
}

/** dify-client's typings say a numeric rating; its code and Dify's API take 'like' | 'dislike' | null. */
function feedback(client: ChatClient, messageId: string, rating: string | null, user: string) {
  return client.messageFeedback(messageId, rating as unknown as number, user);
}

async function statusOf(request: Promise<unknown>): Promise<number> {
  try {
    const res = (await request) as { status: number };
    return res.status;
  } catch (error) {
    return (error as { response?: { status: number } }).response?.status ?? -1;
  }
}

describe('Dify service API through dify-client', () => {
  it('blocking answer carries every field of Dify’s chat-messages answer', async () => {
    const { client } = await difyAgent();
    const res = await client.createChatMessage({}, 'Hi!', 'alice', false);
    expect(res.status).toBe(200);
    const body = res.data as Record<string, unknown>;
    expect(body).toMatchObject({
      event: 'message',
      mode: 'chat',
      answer: 'Hello from the fake model.',
      metadata: {
        usage: { prompt_tokens: 5, completion_tokens: 5, total_tokens: 10, currency: 'USD' },
        retriever_resources: [],
      },
    });
    for (const field of ['task_id', 'id', 'message_id', 'conversation_id'])
      expect(body[field]).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.id).toBe(body.message_id);
    // The shared contract describes it.
    expect(runtimeChatResponseSchema.safeParse(body).success).toBe(true);
    expect(typeof body.created_at).toBe('number');
  });

  it('streaming sends message events then message_end with usage and retriever resources', async () => {
    const { client } = await difyAgent();
    const res = await client.createChatMessage({}, 'Opening hours?', 'bob', true);
    const seen: Array<Record<string, unknown>> = [];
    for await (const e of events(res.data as Readable)) seen.push(e);
    const messages = seen.filter((e) => e.event === 'message');
    expect(messages.map((e) => e.answer).join('')).toBe('Hello from the fake model.');
    expect(messages[0]).toMatchObject({
      task_id: expect.any(String),
      id: expect.any(String),
      conversation_id: expect.any(String),
    });
    const end = seen.at(-1)!;
    expect(end).toMatchObject({
      event: 'message_end',
      task_id: messages[0]!.task_id,
      message_id: messages[0]!.message_id,
      metadata: { usage: { total_tokens: 10 }, retriever_resources: [] },
    });
  });

  it('right after message_end the answer is there: rated, listed, its conversation found', async () => {
    const { client } = await difyAgent();
    // Turns ending together are written in one batch, after their streams have closed.
    await Promise.all(
      ['ann', 'ben', 'cat'].map(async (user) => {
        const res = await client.createChatMessage({}, 'Opening hours?', user, true);
        let end: Record<string, unknown> | undefined;
        for await (const e of events(res.data as Readable)) if (e.event === 'message_end') end = e;
        const messageId = String(end!.message_id);
        const conversationId = String(end!.conversation_id);
        expect(await statusOf(feedback(client, messageId, 'like', user))).toBe(200);
        const listed = await client.getConversationMessages(user, conversationId);
        expect(listed.data.data.map((m: { id: string }) => m.id)).toContain(messageId);
        const conversations = await client.getConversations(user);
        expect(conversations.data.data.map((c: { id: string }) => c.id)).toContain(conversationId);
      }),
    );
  });

  it('streaming a failing model sends an error event', async () => {
    const { client } = await difyAgent();
    fake.reply.fail = true;
    try {
      const res = await client.createChatMessage({}, 'Hi', 'carol', true);
      const seen: Array<Record<string, unknown>> = [];
      for await (const e of events(res.data as Readable)) seen.push(e);
      expect(seen.at(-1)).toMatchObject({
        event: 'error',
        status: 502,
        code: 'completion_request_error',
        task_id: expect.any(String),
      });
    } finally {
      fake.reply.fail = false;
    }
  });

  it('conversations: list (paged), rename, delete; messages paged; feedback', async () => {
    const { client } = await difyAgent();
    const first = await client.createChatMessage({}, 'First question', 'dave', false);
    const convA = first.data.conversation_id as string;
    await client.createChatMessage({}, 'Second question', 'dave', false, convA);
    await client.createChatMessage({}, 'Third question', 'dave', false, convA);
    const other = await client.createChatMessage({}, 'Another topic', 'dave', false);
    const convB = other.data.conversation_id as string;
    // Someone else's conversation never shows.
    await client.createChatMessage({}, 'Not yours', 'erin', false);

    const all = await client.getConversations('dave');
    expect(all.data.has_more).toBe(false);
    expect(all.data.data.map((c: { id: string }) => c.id)).toEqual([convB, convA]);
    expect(all.data.data[0]).toMatchObject({
      name: 'New conversation',
      status: 'normal',
      introduction: 'Welcome to Acme!',
      inputs: {},
    });

    const page1 = await client.getConversations('dave', null, 1);
    expect(page1.data).toMatchObject({ limit: 1, has_more: true });
    const page2 = await client.sendRequest('GET', '/conversations', null, {
      user: 'dave',
      last_id: convB,
      limit: 1,
    });
    expect(page2.data.data.map((c: { id: string }) => c.id)).toEqual([convA]);
    expect(page2.data.has_more).toBe(false);

    const renamed = await client.renameConversation(convA, 'Opening hours', 'dave');
    expect(renamed.data).toMatchObject({ id: convA, name: 'Opening hours' });
    const auto = await client.sendRequest('POST', `/conversations/${convB}/name`, {
      user: 'dave',
      auto_generate: true,
    });
    expect(auto.data.name).toBe('Another topic');
    expect(await statusOf(client.renameConversation(convA, 'x', 'erin'))).toBe(404);

    // Messages, newest page first, oldest first within a page.
    const latest = await client.getConversationMessages('dave', convA, null, 2);
    expect(latest.data).toMatchObject({ limit: 2, has_more: true });
    expect(latest.data.data.map((m: { query: string }) => m.query)).toEqual([
      'Second question',
      'Third question',
    ]);
    expect(latest.data.data[0]).toMatchObject({
      conversation_id: convA,
      answer: 'Hello from the fake model.',
      feedback: null,
      message_files: [],
      retriever_resources: [],
    });
    const older = await client.getConversationMessages('dave', convA, latest.data.data[0].id, 2);
    expect(older.data.has_more).toBe(false);
    expect(older.data.data.map((m: { id: string; query: string }) => [m.id, m.query])).toEqual([
      [first.data.message_id, 'First question'],
    ]);
    expect(await statusOf(client.getConversationMessages('erin', convA))).toBe(404);

    // Feedback on an answer shows in the message list.
    const liked = await feedback(client, first.data.message_id, 'like', 'dave');
    expect(liked.data).toEqual({ result: 'success' });
    expect(await statusOf(feedback(client, first.data.message_id, 'like', 'erin'))).toBe(404);
    expect(await statusOf(feedback(client, first.data.message_id, 'love', 'dave'))).toBe(400);
    const withFeedback = await client.getConversationMessages('dave', convA, null, 20);
    expect(withFeedback.data.data[0].feedback).toEqual({ rating: 'like' });

    // Delete: gone from the list; someone else cannot delete it.
    expect(await statusOf(client.deleteConversation(convB, 'erin'))).toBe(404);
    expect(await statusOf(client.deleteConversation(convB, 'dave'))).toBe(204);
    const after = await client.getConversations('dave');
    expect(after.data.data.map((c: { id: string }) => c.id)).toEqual([convA]);
    expect(await statusOf(client.getConversationMessages('dave', convB))).toBe(404);
  });

  it('parameters, info and meta describe the agent', async () => {
    const { id, client } = await difyAgent();
    const params = await client.getApplicationParameters('frank');
    expect(params.data).toMatchObject({
      opening_statement: 'Welcome to Acme!',
      suggested_questions: [],
      user_input_form: [],
      speech_to_text: { enabled: false },
      file_upload: { image: { enabled: false } },
    });
    const info = await client.sendRequest('GET', '/info');
    expect(info.data).toMatchObject({ mode: 'chat', tags: [] });
    expect(typeof info.data.name).toBe('string');
    expect(info.data.name.length).toBeGreaterThan(0);
    expect(id).toBeTruthy();
    const meta = await client.sendRequest('GET', '/meta');
    expect(meta.data).toEqual({ tool_icons: {} });
  });

  it('stop aborts the model call of that task', async () => {
    const { client } = await difyAgent();
    fake.reply.words = Array.from({ length: 40 }, (_, i) => `w${i} `);
    fake.reply.delayMs = 50;
    const abandonedBefore = fake.abandoned;
    try {
      const res = await client.createChatMessage({}, 'Tell me a long story', 'gina', true);
      const seen: Array<Record<string, unknown>> = [];
      let stopped = false;
      for await (const e of events(res.data as Readable)) {
        seen.push(e);
        if (!stopped && e.event === 'message') {
          stopped = true;
          // Someone else's stop does nothing; the owner's stop ends the answer.
          await client.sendRequest('POST', `/chat-messages/${String(e.task_id)}/stop`, {
            user: 'intruder',
          });
          const stop = await client.sendRequest(
            'POST',
            `/chat-messages/${String(e.task_id)}/stop`,
            { user: 'gina' },
          );
          expect(stop.data).toEqual({ result: 'success' });
        }
      }
      const answer = seen
        .filter((e) => e.event === 'message')
        .map((e) => e.answer)
        .join('');
      expect(answer.split(' ').length).toBeLessThan(40);
      expect(seen.at(-1)!.event).toBe('message_end');
      await expect.poll(() => fake.abandoned, { timeout: 5000 }).toBe(abandonedBefore + 1);
    } finally {
      fake.reply.words = ['Hello', ' from', ' the', ' fake', ' model.'];
      fake.reply.delayMs = 0;
    }
  });

  it('a wrong key answers 401 on every endpoint', async () => {
    const wrong = new ChatClient('app-not-a-real-key', `${server.url}/v1`);
    const id = '00000000-0000-4000-8000-000000000000';
    for (const request of [
      () => wrong.createChatMessage({}, 'Hi', 'u', false),
      () => wrong.getConversations('u'),
      () => wrong.getConversationMessages('u', id),
      () => wrong.renameConversation(id, 'n', 'u'),
      () => wrong.deleteConversation(id, 'u'),
      () => feedback(wrong, id, 'like', 'u'),
      () => wrong.getApplicationParameters('u'),
      () => wrong.sendRequest('GET', '/info'),
      () => wrong.sendRequest('GET', '/meta'),
      () => wrong.sendRequest('POST', `/chat-messages/${id}/stop`, { user: 'u' }),
    ])
      expect(await statusOf(request())).toBe(401);
  });
});
