import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAgentId } from '@parley/api-client';
import { startTestServer, type TestServer } from '../../test/harness';
import { startFakeProvider, type FakeProvider } from '../../test/fakeProviders';

// One turn at a time (PARLEY_MAX_CONCURRENT_TURNS), waiting at most 2 s for a place.
let server: TestServer;
let fake: FakeProvider;
let key: string;

beforeAll(async () => {
  fake = await startFakeProvider();
  server = await startTestServer({
    env: {
      PARLEY_MODEL_ALLOW_HOSTS: '127.0.0.1',
      PARLEY_MAX_CONCURRENT_TURNS: '1',
      PARLEY_ADMISSION_WAIT_MS: '2000',
    },
  });
  const owner = server.newUser();
  const orgId = await owner.withOrg('Admission Org');
  const agentName = newAgentId('adm');
  const app = await owner.apps.createAgent({ agentName, organizationId: orgId });
  key = app.data!.appKey;
  await owner.agents.update(agentName, {
    organization_id: orgId,
    status: 'active',
    model_live_url: `${fake.url}/v1`,
  });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const chat = (query: string, signal?: AbortSignal) =>
  fetch(`${server.url}/v1/chat-messages`, {
    method: 'POST',
    signal,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
    body: JSON.stringify({ inputs: {}, query, response_mode: 'streaming', user: 'visitor' }),
  });

describe('chat turns wait for a place (admission)', () => {
  it('a turn arriving while the only place is taken waits, then streams once the first is done', async () => {
    fake.reply.words = ['One', ' two', ' three.'];
    fake.reply.delayMs = 60; // ≈ 180 ms per answer, well within the 2 s wait
    const events: string[] = [];
    const first = chat('first').then(async (res) => {
      await res.text();
      events.push('first done');
      return res;
    });
    await new Promise((r) => setTimeout(r, 30));
    const second = chat('second').then(async (res) => {
      events.push(`second answered ${res.status}`);
      const text = await res.text();
      return { res, text };
    });
    const [a, b] = await Promise.all([first, second]);
    expect(a.status).toBe(200);
    expect(b.res.status).toBe(200);
    expect(b.text).toContain('"event":"message_end"');
    expect(events).toEqual(['first done', 'second answered 200']);
  });

  it('a turn that cannot get a place in time is answered 503 with Retry-After, not left hanging; a visitor who leaves gives the place back', async () => {
    fake.reply.words = ['Slow', ' answer', ' here', ' now.'];
    fake.reply.delayMs = 1500; // 6 s per answer: longer than the wait
    const visitor = new AbortController();
    const first = await chat('slow', visitor.signal);
    expect(first.status).toBe(200);
    const started = performance.now();
    const second = await chat('in a hurry');
    expect(second.status).toBe(503);
    expect(second.headers.get('Retry-After')).toBe('1');
    expect(await second.json()).toMatchObject({
      error: 'The server is busy. Please try again in a moment.',
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(1900);
    // The first visitor closes the page: the model call stops and the place is free at once.
    visitor.abort();
    fake.reply.delayMs = 0;
    const third = await chat('again');
    expect(third.status).toBe(200);
    expect(await third.text()).toContain('"event":"message_end"');
  });
});
