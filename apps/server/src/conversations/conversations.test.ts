import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { createParser } from 'eventsource-parser';
import {
  agentAnalyticsSchema,
  conversationDetailSchema,
  conversationListSchema,
  createChatRuntime,
  createConversationsClient,
  newAgentId,
  personReplyingNotice,
  toolsDefaults,
  type PhoneNumberWire,
} from '@parley/api-client';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness';
import { chatAgent } from '../../test/agentFixtures';
import { giveToolStep } from '../../test/conversationFixtures';
import { conversations, messageReplies, messages, telephonyOutbox } from '../db/schema';
import { rowsOf } from '../db/rows';
import { csvField } from './exportRows';
import { bucketsHolding, percentileFromBuckets, type Counts } from './percentiles';

let server: TestServer;
let owner: TestUser;
let orgId: string;
let agentId: string;
let appKey: string;
let number: PhoneNumberWire;
let stranger: TestUser;

beforeAll(async () => {
  server = await startTestServer({
    env: { PARLEY_REPLY_POLL_MS: '50', PARLEY_REPLY_RETRY_SECONDS: '0' },
  });
  owner = server.newUser();
  orgId = await owner.withOrg('Inbox Org');
  ({ id: agentId, appKey } = await chatAgent(owner, orgId, 'inbox', {
    ...toolsDefaults,
    system_prompt: 'You are the front desk.',
    status: 'active',
  }));
  await owner.voice.syncAllProviders({ organization_id: orgId });
  number = (await owner.voice.phoneNumberPage(orgId)).phone_numbers.find((n) => n.sms_enabled)!;
  await owner.voice.assign(number.phone_id, agentId, ['sms']);
  stranger = server.newUser();
  await stranger.withOrg('Other Org');
});
afterAll(async () => {
  await server?.close();
});

const inbox = (u: TestUser) => createConversationsClient({ baseUrl: '/api', fetch: u.fetch });
const runtime = () => createChatRuntime({ apiUrl: `${server.url}/v1`, apiKey: appKey });

async function chat(user: string, query: string, conversationId?: string) {
  return runtime().send({ user, query, conversationId });
}

/** The visitor's `/v1/messages` (Dify: each answer with the question before it). */
async function visitorMessages(user: string, conversationId: string) {
  const res = await fetch(
    `${server.url}/v1/messages?user=${user}&conversation_id=${conversationId}`,
    { headers: { Authorization: `Bearer ${appKey}` } },
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Array<{ query: string; answer: string }> }).data;
}

const threadOf = (id: string) =>
  server.db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, id))
    .orderBy(asc(messages.createdAt));

describe('the inbox: list, thread, filters, paging', () => {
  it('a widget chat is in the inbox (newest first, unread) and its thread names each author', async () => {
    const first = await chat('visitor-list-1', 'What are your opening hours?');
    await chat('visitor-list-1', 'And on Sundays?', first.conversation_id);
    const list = conversationListSchema.parse(await inbox(owner).list({ agent_id: agentId }));
    const row = list.conversations.find((c) => c.id === first.conversation_id)!;
    expect(row).toMatchObject({
      agent_id: agentId,
      // The agent's display name (its prefix), not null: rows, threads and filters show it.
      agent_name: 'inbox',
      channel: 'chat',
      end_user: 'visitor-list-1',
      status: 'open',
      held_by: null,
      message_count: 4,
      unread: true,
    });
    expect(row.last_message?.author).toBe('agent');
    const thread = conversationDetailSchema.parse(await inbox(owner).get(first.conversation_id));
    expect(thread.agent_name).toBe('inbox');
    expect(thread.messages.map((m) => [m.author, m.text.slice(0, 12)])).toEqual([
      ['visitor', 'What are you'],
      ['agent', thread.messages[1]!.text.slice(0, 12)],
      ['visitor', 'And on Sunda'],
      ['agent', thread.messages[3]!.text.slice(0, 12)],
    ]);
    // The offline responder answered (no model key): said so on each answer.
    expect(thread.messages[1]!.offline).toBe(true);
    expect(thread.messages[1]!.tool_steps).toBeUndefined();
    // An answer that called tools carries its steps in the thread.
    const step = await giveToolStep(server.db, thread.messages[1]!.id);
    const withSteps = conversationDetailSchema.parse(await inbox(owner).get(first.conversation_id));
    expect(withSteps.messages[1]!.tool_steps).toEqual([step]);
    // Opened: no longer unread for this member.
    const again = await inbox(owner).list({ agent_id: agentId });
    expect(again.conversations.find((c) => c.id === first.conversation_id)!.unread).toBe(false);
  });

  it('filters: q full-text over the messages, channel, status, from/to; bad input names the field', async () => {
    const a = await chat('visitor-q-1', 'Do you sell marmalade?');
    await chat('visitor-q-2', 'Where do I park?');
    const found = await inbox(owner).list({ q: 'marmalade' });
    expect(found.conversations.map((c) => c.id)).toEqual([a.conversation_id]);
    expect((await inbox(owner).list({ q: 'marmalade', channel: 'sms' })).conversations).toEqual([]);
    expect(
      (await inbox(owner).list({ q: 'marmalade', to: '2000-01-01T00:00:00Z' })).conversations,
    ).toEqual([]);
    expect(
      (await inbox(owner).list({ q: 'marmalade', status: 'open' })).conversations,
    ).toHaveLength(1);
    expect((await inbox(owner).list({ q: 'marmalade', status: 'held' })).conversations).toEqual([]);
    for (const [query, error] of [
      ['channel=fax', /^channel: channel must be one of chat/],
      ['status=busy', /^status: status must be one of open/],
      ['limit=0', /^limit: limit must be between 1 and 100/],
      ['from=yesterday', /^from: from must be a date/],
      ['cursor=abc', /^cursor: is not a cursor this list gave/],
    ] as const) {
      const res = await owner.raw('GET', `/api/conversations?${query}`);
      expect(res.status, query).toBe(400);
      expect(String(res.body.error)).toMatch(error);
    }
  });

  it('cursor paging walks every conversation once, newest activity first', async () => {
    for (let i = 0; i < 3; i++) await chat(`visitor-page-${i}`, `page question ${i}`);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await inbox(owner).list({ agent_id: agentId, limit: 2, cursor });
      seen.push(...page.conversations.map((c) => c.id));
      const times = page.conversations.map((c) => c.updated_at);
      expect([...times].sort().reverse()).toEqual(times);
      cursor = page.next_cursor ?? undefined;
      pages++;
    } while (cursor);
    const all = await server.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.agentName, agentId));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual(all.map((r) => r.id).sort());
    expect(pages).toBeGreaterThan(1);
  });
});

describe('human takeover', () => {
  it('chat: while held the agent does not answer; the member’s reply reaches the visitor live and in /v1/messages; release resumes', async () => {
    const user = 'visitor-takeover';
    const start = await chat(user, 'I need a person please');
    const id = start.conversation_id;

    // The widget's live events (the public API, same key).
    const controller = new AbortController();
    const res = await fetch(`${server.url}/v1/conversations/${id}/events?user=${user}`, {
      headers: { Authorization: `Bearer ${appKey}` },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = eventsOf(res);
    await expect.poll(() => events[0]?.event, { timeout: 10_000 }).toBe('ready');

    const taken = await inbox(owner).takeover(id);
    expect(taken.conversation).toMatchObject({
      status: 'held',
      held_by: { user_id: owner.userId },
    });
    await expect.poll(() => events.map((e) => e.event), { timeout: 10_000 }).toContain('takeover');

    const before = (await threadOf(id)).length;
    const held = await chat(user, 'Hello? Anyone?', id);
    expect(held.answer).toBe(personReplyingNotice);
    expect(held.metadata?.human_takeover).toBe(true);
    const streamed = await runtime().stream({ user, query: 'Still there?', conversationId: id });
    expect(streamed.answer).toBe(personReplyingNotice);
    const whileHeld = await threadOf(id);
    // Both visitor messages stored, no agent answer.
    expect(whileHeld.slice(before).map((m) => [m.role, m.author, m.content])).toEqual([
      ['user', 'visitor', 'Hello? Anyone?'],
      ['user', 'visitor', 'Still there?'],
    ]);

    const reply = await inbox(owner).reply(id, 'Hi, this is Ada from the team.');
    expect(reply.message).toMatchObject({
      author: 'member',
      text: 'Hi, this is Ada from the team.',
    });
    await expect
      .poll(() => events.find((e) => e.event === 'member_message')?.answer, { timeout: 10_000 })
      .toBe('Hi, this is Ada from the team.');
    // Said to be a person of the team (first name only), not the agent.
    expect(events.find((e) => e.event === 'member_message')).toMatchObject({
      author: 'member',
      member_name: 'Ada',
    });
    const visible = await visitorMessages(user, id);
    expect(visible.at(-1)).toMatchObject({
      query: 'Still there?',
      answer: 'Hi, this is Ada from the team.',
    });
    const thread = await inbox(owner).get(id);
    expect(thread.messages.at(-1)).toMatchObject({ author: 'member', member_name: 'Ada Lovelace' });

    // Another organization's member cannot see nor act on it.
    for (const [method, path] of [
      ['GET', `/api/conversations/${id}`],
      ['POST', `/api/conversations/${id}/takeover`],
      ['POST', `/api/conversations/${id}/release`],
    ] as const)
      expect((await stranger.raw(method, path, method === 'POST' ? {} : undefined)).status).toBe(
        404,
      );
    expect(
      (await stranger.raw('POST', `/api/conversations/${id}/messages`, { text: 'hi' })).status,
    ).toBe(404);
    expect((await stranger.raw('GET', '/api/conversations')).body.conversations).toEqual([]);

    await inbox(owner).release(id);
    await expect.poll(() => events.map((e) => e.event), { timeout: 10_000 }).toContain('release');
    const after = await chat(user, 'Thanks! One more question', id);
    expect(after.answer).not.toBe(personReplyingNotice);
    expect((await threadOf(id)).at(-1)).toMatchObject({ role: 'assistant', author: 'agent' });
    // Replying without holding it is refused.
    const refused = await owner.raw('POST', `/api/conversations/${id}/messages`, { text: 'late' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('text: take the conversation over before replying');
    expect(
      (await owner.raw('POST', `/api/conversations/${id}/messages`, { text: ' ' })).body.error,
    ).toBe('text: text is required');
    controller.abort();
  });

  it('SMS: while held an inbound message gets no agent reply; the member’s reply goes out by SMS; release resumes', async () => {
    const from = '+15005550881';
    const inbound = (text: string) =>
      owner.voice.simulateEvent(orgId, { event: 'sms', to: number.phone_number, from, text });
    const repliesTo = () =>
      server.db.select().from(messageReplies).where(eq(messageReplies.toNumber, from));
    const outboxTo = async () =>
      server.db
        .select()
        .from(telephonyOutbox)
        .where(eq(telephonyOutbox.toNumber, from))
        .orderBy(asc(telephonyOutbox.createdAt));

    const first = await inbound('Hi, is this the bakery?');
    const id = first.conversation_id!;
    await expect.poll(async () => (await repliesTo())[0]?.status, { timeout: 20_000 }).toBe('sent');
    expect(await outboxTo()).toHaveLength(1);

    await inbox(owner).takeover(id);
    await inbound('Can I speak to a human?');
    await expect
      .poll(async () => (await repliesTo()).map((r) => r.status).sort(), { timeout: 20_000 })
      .toEqual(['sent', 'skipped']);
    expect((await repliesTo()).find((r) => r.status === 'skipped')!.lastError).toBe(
      'A member has taken the conversation over',
    );
    expect(await outboxTo()).toHaveLength(1);

    const reply = await inbox(owner).reply(id, 'Yes — Ada here, how can I help?');
    expect(reply.message.author).toBe('member');
    const sent = await outboxTo();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ kind: 'sms', body: 'Yes — Ada here, how can I help?' });
    const [stored] = await server.db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, id), eq(messages.author, 'member')));
    expect(stored!.providerMessageId).toBe(sent[1]!.providerMessageId);

    await inbox(owner).release(id);
    await inbound('Thanks, bye');
    await expect
      .poll(async () => (await repliesTo()).filter((r) => r.status === 'sent').length, {
        timeout: 20_000,
      })
      .toBe(2);
    expect(await outboxTo()).toHaveLength(3);
  });
});

/** A server-sent event stream's events (parsed JSON), read as they come until `controller` aborts. */
function eventsOf(res: Response): Array<Record<string, unknown>> {
  const events: Array<Record<string, unknown>> = [];
  const parser = createParser({
    onEvent: (e) => events.push(JSON.parse(e.data) as Record<string, unknown>),
  });
  void (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        parser.feed(value);
      }
    } catch {
      /* aborted */
    }
  })();
  return events;
}

describe('the inbox, live', () => {
  it("a member's stream announces the organization's conversation changes (ids only), never another organization's", async () => {
    const controller = new AbortController();
    const open = async (u: TestUser) => {
      const res = await u.fetch('/api/conversations/events', { signal: controller.signal });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      return eventsOf(res);
    };
    try {
      const mine = await open(owner);
      const theirs = await open(stranger);
      await expect
        .poll(() => mine[0], { timeout: 10_000 })
        .toEqual({
          event: 'ready',
          organization_id: orgId,
        });
      await expect.poll(() => theirs[0]?.event, { timeout: 10_000 }).toBe('ready');
      const theirOrg = String(theirs[0]!.organization_id);

      // A visitor writes in this organization's conversation; then a message in theirs.
      const { conversation_id: id } = await chat('visitor-live-1', 'Is the shop open today?');
      await inbox(owner).takeover(id);
      const [other] = await server.db
        .insert(conversations)
        .values({ organizationId: theirOrg, endUser: 'someone-else', channel: 'chat' })
        .returning();
      await server.db
        .insert(messages)
        .values({ conversationId: other!.id, role: 'user', content: 'their secret words' });

      await expect
        .poll(() => theirs.map((e) => e.conversation_id), { timeout: 10_000 })
        .toContain(other!.id);
      await expect
        .poll(
          () => [...new Set(mine.filter((e) => e.conversation_id === id).map((e) => e.event))],
          {
            timeout: 10_000,
          },
        )
        .toEqual(['message', 'takeover']);
      // Events travel in order: theirs came after mine were sent, so nothing crossed over.
      expect(theirs.slice(1)).toEqual([{ event: 'message', conversation_id: other!.id }]);
      expect(mine.some((e) => e.conversation_id === other!.id)).toBe(false);
      expect(JSON.stringify(mine)).not.toMatch(/shop open|secret words/);
      // Another organization's stream is 404 (not a member), bad input 400.
      expect(
        (await owner.raw('GET', `/api/conversations/events?organization_id=${theirOrg}`)).status,
      ).toBe(404);
      expect(
        (await owner.raw('GET', '/api/conversations/events?organization_id=')).body.error,
      ).toBe('organization_id: organization_id must not be empty');
      await inbox(owner).release(id);
      // Their organization's inbox stays empty for the tests after this one.
      await server.db.delete(conversations).where(eq(conversations.id, other!.id));
    } finally {
      controller.abort();
    }
  });
});

describe('a removed member', () => {
  it('has their inbox stream closed at once, before any later conversation is announced', async () => {
    const member = server.newUser();
    await member.signUp();
    await owner.org.addUser({ orgId, userId: member.userId, role: 'member' });
    const controller = new AbortController();
    try {
      const res = await member.fetch('/api/conversations/events', { signal: controller.signal });
      expect(res.status).toBe(200);
      let ended = false;
      let text = '';
      void (async () => {
        const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { done, value } = await reader.read().catch(() => ({ done: true, value: '' }));
          if (done) break;
          text += value;
        }
        ended = true;
      })();
      await expect.poll(() => text, { timeout: 10_000 }).toContain('"event":"ready"');
      const { members } = await owner.org.members(orgId);
      const memberId = members.find((m) => m.userId === member.userId)!.memberId;
      expect((await owner.raw('DELETE', `/api/org/${orgId}/members/${memberId}`)).status).toBe(200);
      // Well before the stream's 25 s keep-alive (which re-checks the membership too).
      await expect.poll(() => ended, { timeout: 8_000 }).toBe(true);
      const { conversation_id: id } = await chat('visitor-after-removal', 'Hello again');
      expect(text).not.toContain(id);
    } finally {
      controller.abort();
    }
  });
});

describe('export', () => {
  it('csv fields are quoted and formulas defused', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"\nnow')).toBe('"say ""hi""\nnow"');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
  });

  it('streams 10k conversations (one row per message) as JSON lines and CSV with the filters', async () => {
    await server.db.execute(sql`
      WITH c AS (
        INSERT INTO conversations (agent_name, organization_id, channel, end_user, updated_at)
        SELECT ${agentId}, ${orgId}, 'whatsapp', '+1500555' || lpad(g::text, 5, '0'),
          now() - make_interval(secs => g)
        FROM generate_series(1, 10000) g
        RETURNING id, end_user)
      INSERT INTO messages (conversation_id, role, content, direction, author)
      SELECT id, 'user', 'bulk "hello", ' || end_user, 'inbound', 'visitor' FROM c`);
    // The embedded database held the event loop for the seed: the client's pooled keep-alive
    // socket may have been closed by the server meanwhile (a reset on its next use, not a failure
    // of the export).
    await owner.fetch('/healthz').catch(() => undefined);
    const res = await owner.fetch('/api/conversations/export?format=jsonl&channel=whatsapp');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="conversations-/);
    const reader = res.body!.getReader();
    let chunks = 0;
    let text = '';
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks++;
      text += decoder.decode(value, { stream: true });
    }
    const lines = text.trim().split('\n');
    expect(lines).toHaveLength(10_000);
    expect(chunks).toBeGreaterThan(1); // written batch by batch, not built whole
    const firstRow = JSON.parse(lines[0]!) as Record<string, string>;
    expect(firstRow).toMatchObject({ channel: 'whatsapp', author: 'visitor', agent_id: agentId });
    expect(
      new Set(lines.map((l) => (JSON.parse(l) as { conversation_id: string }).conversation_id))
        .size,
    ).toBe(10_000);

    await chat('visitor-export', 'Is the quince jelly, "fresh"?');
    const csv = await (await owner.fetch('/api/conversations/export?format=csv&q=quince')).text();
    const rows = csv.trim().split('\r\n');
    expect(rows[0]).toBe(
      'conversation_id,agent_id,channel,end_user,status,message_id,author,member_name,text,created_at,' +
        'outcome_status,outcome_summary,outcome_success,outcome_tags,outcome_fields',
    );
    expect(rows.slice(1).map((r) => r.split(',')[6])).toEqual(['visitor', 'agent']);
    expect(rows[1]).toContain(',"Is the quince jelly, ""fresh""?",');
    expect((await stranger.fetch('/api/conversations/export?format=csv')).status).toBe(200);
    expect(
      (await (await stranger.fetch('/api/conversations/export?format=csv')).text())
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
    expect((await owner.raw('GET', '/api/conversations/export?format=xml')).body.error).toBe(
      'format: format must be csv or jsonl',
    );
    // The seed writes 20k rows through the analytics rollup's triggers: a loaded 2-core machine
    // needs more than the default 30 s for it (a bound, not a speed check: that is the bench's).
  }, 120_000);
});

describe('analytics', () => {
  it('figures equal those computed independently from a seeded set across channels; 404 for another organization', async () => {
    const analyticsAgent = newAgentId('numbers');
    await owner.agents.update(analyticsAgent, {
      organization_id: orgId,
      ...toolsDefaults,
      status: 'active',
    });
    const now = Date.now();
    const hour = 3600_000;
    // A seeded set: [channel, hours ago, messages [author, error?, ttft, latency]], a call's end.
    type Seed = {
      channel: 'chat' | 'sms' | 'voice' | 'whatsapp';
      hoursAgo: number;
      msgs: Array<{
        author: 'visitor' | 'agent' | 'member';
        error?: string;
        ttft?: number;
        latency?: number;
        offline?: boolean;
      }>;
      call?: { seconds: number; reason: string };
    };
    const seeds: Seed[] = [];
    const channels = ['chat', 'sms', 'voice', 'whatsapp'] as const;
    for (let i = 0; i < 24; i++) {
      const channel = channels[i % 4]!;
      const hoursAgo = (i * 13) % 240; // some inside 7 d (168 h), some outside
      const msgs: Seed['msgs'] = [];
      for (let j = 0; j < 1 + (i % 3); j++) {
        msgs.push({ author: 'visitor' });
        msgs.push({
          author: 'agent',
          error: (i + j) % 5 === 0 ? 'model failed' : undefined,
          ttft: 100 + ((i * 37 + j * 11) % 400),
          latency: channel === 'voice' ? 600 + ((i * 53 + j) % 900) : undefined,
          offline: (i + j) % 7 === 0,
        });
      }
      seeds.push({
        channel,
        hoursAgo,
        msgs,
        call:
          channel === 'voice'
            ? { seconds: 30 + i * 10, reason: i % 8 === 2 ? 'caller' : 'max_duration' }
            : undefined,
      });
    }
    for (const s of seeds) {
      // A minute earlier, so that every message of the seed is in the past.
      const at = new Date(now - s.hoursAgo * hour - 60_000);
      const [conv] = await server.db
        .insert(conversations)
        .values({
          agentName: analyticsAgent,
          organizationId: orgId,
          channel: s.channel,
          endUser: `seed-${Math.random()}`,
          createdAt: at,
          updatedAt: new Date(at.getTime() + s.msgs.length * 1000),
          endedAt: s.call ? new Date(at.getTime() + s.call.seconds * 1000) : null,
          endReason: s.call?.reason ?? null,
        })
        .returning();
      await server.db.insert(messages).values(
        s.msgs.map((m, k) => ({
          conversationId: conv!.id,
          role: m.author === 'visitor' ? 'user' : 'assistant',
          author: m.author,
          content: m.author === 'visitor' ? `question ${k}` : `answer ${k}`,
          error: m.error ?? null,
          offline: m.offline ?? false,
          createdAt: new Date(at.getTime() + k * 1000),
          metadata: {
            ...(m.ttft !== undefined ? { llm_ttft_ms: m.ttft } : {}),
            ...(m.latency !== undefined ? { latency_ms: m.latency } : {}),
          },
        })),
      );
    }

    const res = await owner.raw('GET', `/api/analytics/agents/${analyticsAgent}?period=7d`);
    expect(res.status).toBe(200);
    const figures = agentAnalyticsSchema.parse(res.body);

    // Independently: the seeds' messages since the period's start (the start of the UTC hour
    // 168 h ago), the conversations with any of them.
    const from = Date.parse(figures.from);
    expect(from % hour).toBe(0);
    expect(now - from).toBeGreaterThanOrEqual(168 * hour);
    expect(now - from).toBeLessThan(169 * hour);
    const seedAt = (s: Seed) => now - s.hoursAgo * hour - 60_000;
    const since = (t: number) => (s: Seed) => s.msgs.some((_, k) => seedAt(s) + k * 1000 >= t);
    const inside = seeds.filter(since(from));
    const msgs = inside.flatMap((s) =>
      s.msgs
        .filter((_, k) => seedAt(s) + k * 1000 >= from)
        .map((m) => ({ ...m, channel: s.channel })),
    );
    const answers = msgs.filter((m) => m.author === 'agent');
    const pct = (values: number[], p: number) => {
      const v = [...values].sort((x, y) => x - y);
      if (!v.length) return null;
      const rank = p * (v.length - 1);
      const lo = Math.floor(rank);
      return v[lo]! + (v[Math.min(lo + 1, v.length - 1)]! - v[lo]!) * (rank - lo);
    };
    expect(figures.totals).toEqual({
      conversations: inside.length,
      messages: msgs.length,
      agent_answers: answers.length,
      answered_without_error: answers.filter((m) => !m.error).length,
      answered_share: answers.filter((m) => !m.error).length / answers.length,
    });
    const ttfts = answers.map((m) => m.ttft!);
    expect(figures.model_ttft_ms.p50).toBeCloseTo(pct(ttfts, 0.5)!, 6);
    expect(figures.model_ttft_ms.p95).toBeCloseTo(pct(ttfts, 0.95)!, 6);
    const latencies = answers.filter((m) => m.latency !== undefined).map((m) => m.latency!);
    expect(figures.voice_latency_ms.p95).toBeCloseTo(pct(latencies, 0.95)!, 6);
    const calls = seeds.filter((s) => s.call && seedAt(s) >= from);
    expect(figures.calls.count).toBe(calls.length);
    expect(figures.calls.duration_s.total).toBeCloseTo(
      calls.reduce((t, s) => t + s.call!.seconds, 0),
      3,
    );
    expect(figures.calls.duration_s.p50).toBeCloseTo(
      pct(
        calls.map((s) => s.call!.seconds),
        0.5,
      )!,
      3,
    );
    const reasons = new Map<string, number>();
    for (const s of calls) reasons.set(s.call!.reason, (reasons.get(s.call!.reason) ?? 0) + 1);
    expect(Object.fromEntries(figures.calls.end_reasons.map((r) => [r.reason, r.count]))).toEqual(
      Object.fromEntries(reasons),
    );
    // By channel, summed over the buckets.
    for (const channel of channels) {
      const mine = figures.series.filter((r) => r.channel === channel);
      expect(
        mine.reduce((t, r) => t + r.messages, 0),
        channel,
      ).toBe(msgs.filter((m) => m.channel === channel).length);
    }
    expect(figures.unanswered.length).toBe(
      Math.min(20, answers.filter((m) => m.error || m.offline).length),
    );
    expect(figures.bucket).toBe('day');

    // 24 h: only the seeds of the last day.
    const day = agentAnalyticsSchema.parse(
      (await owner.raw('GET', `/api/analytics/agents/${analyticsAgent}?period=24h`)).body,
    );
    expect(day.totals.conversations).toBe(seeds.filter(since(Date.parse(day.from))).length);
    expect(day.bucket).toBe('hour');
    expect(day.series.every((r) => Date.parse(r.at) % hour === 0)).toBe(true);
    // 30 d (whole days from the agents' rollups, the partial first and last from the rows): all
    // the seeds (240 h at most), the daily chart's distinct conversations per day and channel.
    const month = agentAnalyticsSchema.parse(
      (await owner.raw('GET', `/api/analytics/agents/${analyticsAgent}?period=30d`)).body,
    );
    const all = seeds.flatMap((s) => s.msgs.filter((m) => m.author === 'agent'));
    expect(month.totals.conversations).toBe(seeds.length);
    expect(month.totals.agent_answers).toBe(all.length);
    expect(month.model_ttft_ms.p50).toBeCloseTo(
      pct(
        all.map((m) => m.ttft!),
        0.5,
      )!,
      6,
    );
    expect(month.model_ttft_ms.p95).toBeCloseTo(
      pct(
        all.map((m) => m.ttft!),
        0.95,
      )!,
      6,
    );
    const voiceAll = all.filter((m) => m.latency !== undefined).map((m) => m.latency!);
    expect(month.voice_latency_ms.p50).toBeCloseTo(pct(voiceAll, 0.5)!, 6);
    const utcDay = (t: number) => new Date(Math.floor(t / 86_400_000) * 86_400_000).toISOString();
    const perDay = new Map<string, Set<Seed>>();
    for (const s of seeds)
      for (const [k] of s.msgs.entries()) {
        const key = `${utcDay(seedAt(s) + k * 1000)} ${s.channel}`;
        perDay.set(key, (perDay.get(key) ?? new Set()).add(s));
      }
    expect(
      Object.fromEntries(month.series.map((r) => [`${r.at} ${r.channel}`, r.conversations])),
    ).toEqual(Object.fromEntries([...perDay].map(([key, set]) => [key, set.size])));

    // The rollup follows later changes of the stored rows (a failed send, a call turn's figures
    // merged afterwards, a deleted message) and equals an aggregate of the messages themselves.
    const [changed] = await server.db
      .select()
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(and(eq(conversations.agentName, analyticsAgent), eq(messages.author, 'agent')))
      .limit(1);
    await server.db
      .update(messages)
      .set({ error: 'send failed', metadata: sql`${messages.metadata} || '{"llm_ttft_ms": 7}'` })
      .where(eq(messages.id, changed!.messages.id));
    const [gone] = await server.db
      .select({ id: messages.id })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(and(eq(conversations.agentName, analyticsAgent), eq(messages.author, 'visitor')))
      .limit(1);
    await server.db.delete(messages).where(eq(messages.id, gone!.id));
    const rollup = await server.db.execute(sql`SELECT conversation_id, hour, agent_name, channel,
        messages, agent_answers, answered_ok FROM analytics_hours ORDER BY 1, 2`);
    const direct = await server.db.execute(sql`SELECT m.conversation_id,
        date_trunc('hour', m.created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour,
        c.agent_name, c.channel, count(*)::int AS messages,
        count(*) FILTER (WHERE m.role = 'assistant' AND coalesce(m.author, 'agent') = 'agent')::int
          AS agent_answers,
        count(*) FILTER (WHERE m.role = 'assistant' AND coalesce(m.author, 'agent') = 'agent'
          AND m.error IS NULL)::int
          AS answered_ok
      FROM messages m JOIN conversations c ON c.id = m.conversation_id
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2`);
    expect(rowsOf(rollup)).toEqual(rowsOf(direct));
    const turns = await server.db.execute(sql`SELECT message_id, ttft_ms, unanswered
      FROM analytics_turns WHERE message_id = ${changed!.messages.id}`);
    expect(rowsOf(turns)).toEqual([
      { message_id: changed!.messages.id, ttft_ms: 7, unanswered: 'error' },
    ]);
    // The agents' rollups (0023) follow too, also a conversation given to another agent, and
    // equal aggregates of the messages themselves.
    await server.db
      .update(conversations)
      .set({ agentName: agentId })
      .where(eq(conversations.id, changed!.conversations.id));
    // A message moved two days on; a conversation with messages over three hours and two days
    // deleted (its rows go in one statement).
    await server.db
      .update(messages)
      .set({ createdAt: sql`${messages.createdAt} + interval '50 hours'` })
      .where(eq(messages.id, changed!.messages.id));
    const [spread] = await server.db
      .insert(conversations)
      .values({
        agentName: analyticsAgent,
        organizationId: orgId,
        channel: 'chat',
        endUser: 'spread',
      })
      .returning();
    for (const hoursAgo of [30, 29, 2])
      await server.db.insert(messages).values({
        conversationId: spread!.id,
        role: 'assistant',
        author: 'agent',
        content: 'answer',
        metadata: { llm_ttft_ms: 300 + hoursAgo },
        createdAt: new Date(now - hoursAgo * hour),
      });
    const [kept] = await server.db
      .insert(conversations)
      .values({
        agentName: analyticsAgent,
        organizationId: orgId,
        channel: 'chat',
        endUser: 'kept',
      })
      .returning();
    await server.db.insert(messages).values(
      [50, 3, 1].map((hoursAgo) => ({
        conversationId: kept!.id,
        role: 'user',
        author: 'visitor' as const,
        content: 'question',
        createdAt: new Date(now - hoursAgo * hour),
      })),
    );
    await server.db.delete(conversations).where(eq(conversations.id, spread!.id));
    // The kept conversation's last hour goes (its ending moves back to 3 h ago).
    await server.db
      .delete(messages)
      .where(
        and(
          eq(messages.conversationId, kept!.id),
          sql`${messages.createdAt} > now() - interval '2 hours'`,
        ),
      );
    const nonZero = (rows: Record<string, unknown>[]) =>
      rows.filter((r) => Object.values(r).some((v) => typeof v === 'number' && v !== 0));
    const perMessage = sql`(SELECT m.conversation_id, c.agent_name, c.channel, m.created_at,
        date_trunc('hour', m.created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour,
        date_trunc('day', m.created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS day,
        m.role = 'assistant' AND coalesce(m.author, 'agent') = 'agent' AS answer, m.error,
        CASE WHEN jsonb_typeof(m.metadata -> 'llm_ttft_ms') = 'number'
          THEN round((m.metadata ->> 'llm_ttft_ms')::float8)::int END AS ttft,
        CASE WHEN c.channel = 'voice' AND jsonb_typeof(m.metadata -> 'latency_ms') = 'number'
          THEN round((m.metadata ->> 'latency_ms')::float8)::int END AS voice
      FROM messages m JOIN conversations c ON c.id = m.conversation_id
      WHERE c.agent_name IS NOT NULL)`;
    const agentHours = await server.db.execute(sql`SELECT agent_name, channel, hour,
        conversations, messages, agent_answers, answered_ok, ending
      FROM analytics_agent_hours ORDER BY 1, 2, 3`);
    const agentHoursDirect = await server.db.execute(sql`SELECT agent_name, channel, hour,
        count(DISTINCT conversation_id)::int AS conversations, count(*)::int AS messages,
        count(*) FILTER (WHERE answer)::int AS agent_answers,
        count(*) FILTER (WHERE answer AND error IS NULL)::int AS answered_ok,
        count(DISTINCT conversation_id) FILTER (WHERE last)::int AS ending
      FROM (SELECT *, hour = max(hour) OVER (PARTITION BY conversation_id) AS last
        FROM ${perMessage} p) p
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`);
    expect(nonZero(rowsOf(agentHours))).toEqual(rowsOf(agentHoursDirect));
    const agentDays = await server.db.execute(sql`SELECT agent_name, channel, day, conversations
      FROM analytics_agent_days ORDER BY 1, 2, 3`);
    const agentDaysDirect = await server.db.execute(sql`SELECT agent_name, channel, day,
        count(DISTINCT conversation_id)::int AS conversations
      FROM ${perMessage} p GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`);
    expect(nonZero(rowsOf(agentDays))).toEqual(rowsOf(agentDaysDirect));
    const agentMs = await server.db.execute(sql`SELECT agent_name, kind, bucket, day, ms, n
      FROM analytics_agent_ms WHERE n <> 0 ORDER BY 1, 2, 4, 5`);
    const agentMsDirect = await server.db.execute(sql`SELECT agent_name, kind, ms >> 4 AS bucket,
        day, ms, count(*)::int AS n
      FROM ${perMessage} p, LATERAL (VALUES ('ttft', ttft), ('voice', voice)) k(kind, ms)
      WHERE ms IS NOT NULL GROUP BY 1, 2, 4, 5 ORDER BY 1, 2, 4, 5`);
    expect(rowsOf(agentMs)).toEqual(rowsOf(agentMsDirect));
    const agentBuckets = await server.db.execute(sql`SELECT agent_name, kind, bucket, day, n
      FROM analytics_agent_ms_buckets WHERE n <> 0 ORDER BY 1, 2, 3, 4`);
    const agentBucketsDirect = await server.db.execute(sql`SELECT agent_name, kind, bucket, day,
        sum(n)::int AS n FROM analytics_agent_ms GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0
      ORDER BY 1, 2, 3, 4`);
    expect(rowsOf(agentBuckets)).toEqual(rowsOf(agentBucketsDirect));

    expect((await stranger.raw('GET', `/api/analytics/agents/${analyticsAgent}`)).status).toBe(404);
    expect(
      (await owner.raw('GET', `/api/analytics/agents/${analyticsAgent}?period=1y`)).body.error,
    ).toBe('period: period must be 24h, 7d or 30d');
  });

  it('handoffs count the takeovers of the period, by member', async () => {
    const before = (await inbox(owner).analytics(agentId, '24h')).handoffs.total;
    const a = await chat('visitor-handoff', 'hand me off');
    await inbox(owner).takeover(a.conversation_id);
    await inbox(owner).release(a.conversation_id);
    await inbox(owner).takeover(a.conversation_id);
    await inbox(owner).release(a.conversation_id);
    const figures = await inbox(owner).analytics(agentId, '24h');
    expect(figures.handoffs.by_member).toEqual([
      { user_id: owner.userId, name: 'Ada Lovelace', count: before + 2 },
    ]);
    expect(figures.handoffs.total).toBe(before + 2);
    // Chat answers recorded no model time (offline) and how many passages they drew on.
    const [answer] = await server.db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, a.conversation_id), eq(messages.role, 'assistant')));
    expect(answer!.metadata).toMatchObject({ retrieved: 0, passages: [] });
  });
});

describe('percentiles from a two-level histogram', () => {
  it('equal percentile_cont of the values themselves, reading only the buckets holding the ranks', () => {
    // percentile_cont: the value at rank p·(N−1), interpolated.
    const direct = (values: number[], p: number) => {
      const v = [...values].sort((x, y) => x - y);
      const rank = p * (v.length - 1);
      const lo = Math.floor(rank);
      return v[lo]! + (v[Math.min(lo + 1, v.length - 1)]! - v[lo]!) * (rank - lo);
    };
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (const size of [1, 2, 17, 500]) {
      const values = Array.from({ length: size }, () =>
        Math.floor(100 + random() * random() * 3000),
      );
      const count = (key: (v: number) => number) => {
        const m = new Map<number, number>();
        for (const v of values) m.set(key(v), (m.get(key(v)) ?? 0) + 1);
        return [...m].sort((x, y) => x[0] - y[0]);
      };
      const buckets: Counts = count((v) => v >> 4);
      const wanted = bucketsHolding(buckets, [0.5, 0.95]);
      expect(wanted.length).toBeLessThanOrEqual(4);
      const fine = count((v) => v)
        .filter(([v]) => wanted.includes(v >> 4))
        .map(([v, c]): [number, number, number] => [v >> 4, v, c]);
      for (const p of [0.5, 0.95])
        expect(percentileFromBuckets(buckets, fine, p)).toBeCloseTo(direct(values, p), 9);
    }
    expect(percentileFromBuckets([], [], 0.5)).toBeNull();
  });
});
