import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import { newAgentId, toolsDefaults } from '@parley/api-client';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness';
import { startFakeToolModel, type FakeToolModel } from '../../test/fakeToolModel';
import { messageReplies, messages } from '../db/schema';
import { laneLimit, nextLaneLimit, replyLanes } from './replies';

// Replies are worked three at a time here (PARLEY_REPLY_CONCURRENCY; the lag adaptation off, so a
// loaded test machine cannot take lanes away), one conversation's in order.
let server: TestServer;
let model: FakeToolModel;
let user: TestUser;
let org: string;
let ourNumber: string;

/** Model requests held open until `release`; how many were open at once. */
const held = { open: 0, max: 0, texts: [] as string[], release: () => {} };
let released: Promise<void>;

beforeAll(async () => {
  model = await startFakeToolModel();
  released = new Promise<void>((resolve) => (held.release = resolve));
  model.gate = async (body) => {
    const last = body.messages.filter((m) => m.role === 'user').at(-1);
    held.texts.push(String(last?.content ?? ''));
    held.open++;
    held.max = Math.max(held.max, held.open);
    await released;
    held.open--;
  };
  server = await startTestServer({
    env: {
      PARLEY_REPLY_POLL_MS: '50',
      PARLEY_REPLY_CONCURRENCY: '3',
      PARLEY_ADMISSION_LAG_MS: '0',
      PARLEY_MODEL_ALLOW_HOSTS: '127.0.0.1',
    },
  });
  user = server.newUser();
  org = await user.withOrg('Lanes Org');
  const agent = newAgentId('lanes');
  await user.agents.update(agent, {
    organization_id: org,
    ...toolsDefaults,
    status: 'active',
    model_live_url: `${model.url}/v1`,
  });
  await user.voice.syncAllProviders({ organization_id: org });
  const number = (await user.voice.phoneNumberPage(org)).phone_numbers.find((n) => n.sms_enabled)!;
  await user.voice.assign(number.phone_id, agent, ['sms']);
  ourNumber = number.phone_number;
});
afterAll(async () => {
  held.release();
  await server?.close();
  await model?.close();
});

const waiting = { timeout: 10_000, interval: 25 };

const sms = (from: string, text: string) =>
  user.voice.simulateEvent(org, { event: 'sms', to: ourNumber, from, text });

describe('reply lanes', () => {
  it('reads PARLEY_REPLY_CONCURRENCY (1–32, default 4)', () => {
    expect(replyLanes({})).toBe(4);
    expect(replyLanes({ PARLEY_REPLY_CONCURRENCY: '8' })).toBe(8);
    expect(replyLanes({ PARLEY_REPLY_CONCURRENCY: '100' })).toBe(32);
    expect(replyLanes({ PARLEY_REPLY_CONCURRENCY: '0' })).toBe(4);
    expect(replyLanes({ PARLEY_REPLY_CONCURRENCY: 'many' })).toBe(4);
  });

  it('runs fewer lanes while the event loop falls behind, all again once it keeps up; PARLEY_ADMISSION_LAG_MS=0 turns that off', () => {
    expect(nextLaneLimit(4, 80, 30, 4)).toBe(2);
    expect(nextLaneLimit(2, 80, 30, 4)).toBe(1);
    expect(nextLaneLimit(1, 80, 30, 4)).toBe(1);
    expect(nextLaneLimit(1, 5, 30, 4)).toBe(2);
    expect(nextLaneLimit(4, 5, 30, 4)).toBe(4);
    const off = laneLimit(3, { PARLEY_ADMISSION_LAG_MS: '0' });
    expect(off.allowed()).toBe(3);
    off.stop();
    const on = laneLimit(3, {});
    expect(on.allowed()).toBe(3);
    on.stop();
  });

  it('answers a burst three at a time, one conversation in order (its second answer sees the first)', async () => {
    const first = await sms('+15005550301', 'Question one from Ann');
    const second = await sms('+15005550301', 'Question two from Ann');
    expect(second.conversation_id).toBe(first.conversation_id);
    const others = [];
    for (const [i, who] of ['Bob', 'Cem', 'Dee'].entries())
      others.push(await sms(`+1500555031${i}`, `Question from ${who}`));

    // Three lanes take three conversations; Ann's second question waits for her first answer.
    await vi.waitUntil(() => held.open === 3, waiting);
    await new Promise((r) => setTimeout(r, 300)); // the lanes had time to take more, if they could
    expect(held.open).toBe(3);
    expect(held.texts).not.toContain('Question two from Ann');
    expect(new Set(held.texts).size).toBe(3);
    const annReplies = await server.db
      .select({ status: messageReplies.status })
      .from(messageReplies)
      .where(eq(messageReplies.conversationId, first.conversation_id!))
      .orderBy(asc(messageReplies.createdAt));
    expect(annReplies.map((r) => r.status)).toEqual(['running', 'pending']);

    held.release();
    const ids = [first, ...others].map((a) => a.conversation_id!);
    const statuses = async () =>
      (
        await server.db
          .select({ status: messageReplies.status })
          .from(messageReplies)
          .where(inArray(messageReplies.conversationId, ids))
      ).map((r) => r.status);
    await vi.waitUntil(async () => (await statuses()).filter((s) => s === 'sent').length === 5, {
      ...waiting,
      interval: 50,
    });
    expect(await statuses()).toEqual(Array(5).fill('sent'));
    expect(held.max).toBe(3);

    // Ann's second question went to the model after her first answer was in the thread.
    const request = model.requests.find(
      (r) =>
        r.messages.filter((m) => m.role === 'user').at(-1)?.content === 'Question two from Ann',
    );
    expect(request?.messages.some((m) => m.role === 'assistant')).toBe(true);
    const thread = await server.db
      .select({ direction: messages.direction, content: messages.content })
      .from(messages)
      .where(eq(messages.conversationId, first.conversation_id!))
      .orderBy(asc(messages.createdAt));
    expect(thread.map((m) => m.direction)).toEqual(['inbound', 'inbound', 'outbound', 'outbound']);
  });
});
