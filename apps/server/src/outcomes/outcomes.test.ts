import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { sql } from 'drizzle-orm';
import {
  agentVersionDetailSchema,
  conversationListSchema,
  conversationOutcomeSchema,
  createChatRuntime,
  createModelClient,
  createOutcomesClient,
  newAgentId,
  outcomeAnalyticsSchema,
  outcomePlanSchema,
  toolsDefaults,
  webhookWithSecretSchema,
  type OutcomePlanInput,
} from '@parley/api-client';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness';
import { startFakeOutcomeModel, type FakeOutcomeModel } from '../../test/fakeOutcomeModel';
import { startReceiver, type Receiver } from '../../test/webhookReceiver';
import { rowsOf } from '../db/rows';

/**
 * Outcomes on one server (PGlite, and PostgreSQL in server-pg): the plan (a versioned setting),
 * a conversation closed by a member filled by a fake model on loopback that speaks OpenAI's chat
 * completions and fills the json_schema it is sent, garbage answers (failed, never a 500), no key
 * (skipped), a rerun, the inbox's filters, the export, the analytics, the analysis.completed
 * event at a loopback webhook, and tenant isolation.
 */

let server: TestServer;
let model: FakeOutcomeModel;
let receiver: Receiver;
let owner: TestUser;
let stranger: TestUser;
let orgId: string;
let hookSecret: string;

beforeAll(async () => {
  model = await startFakeOutcomeModel();
  receiver = await startReceiver();
  server = await startTestServer({
    env: { PARLEY_MODEL_ALLOW_HOSTS: '127.0.0.1', PARLEY_WEBHOOK_ALLOW_HOSTS: '127.0.0.1' },
  });
  owner = server.newUser();
  orgId = await owner.withOrg('Outcomes Org');
  stranger = server.newUser();
  await stranger.withOrg('Other Org');
  const hook = await owner.raw('POST', `/api/org/${orgId}/webhooks`, {
    url: `${receiver.url}/outcomes`,
    events: ['analysis.completed'],
  });
  expect(hook.status).toBe(201);
  hookSecret = webhookWithSecretSchema.parse(hook.body).webhook.secret;
});
afterAll(async () => {
  await server?.close();
  await model?.close();
  await receiver?.close();
});

const plan: OutcomePlanInput = {
  summary: true,
  success_type: 'pass_fail',
  success_criteria: 'The customer got what they came for and said thanks.',
  fields: [
    { name: 'order_number', type: 'string', description: 'The order the customer asks about' },
    { name: 'items', type: 'number', description: 'How many items' },
    { name: 'callback', type: 'boolean', description: 'Wants a call back' },
    { name: 'topic', type: 'enum', description: 'What it is about', enum: ['refund', 'delivery'] },
  ],
  tags: ['urgent', 'complaint'],
};

interface Agent {
  id: string;
  key: string;
  appId: string;
  publish: () => Promise<unknown>;
}

/** An agent of the owner's org answering with the fake model (or, `keyless`, OpenAI without a key). */
async function newAgent(options: { keyless?: boolean } = {}): Promise<Agent> {
  const id = newAgentId('outcomes');
  const app = await owner.apps.createAgent({ agentName: id, organizationId: orgId });
  const key = app.data!.appKey;
  const appId = app.data!.appId;
  await owner.agents.update(id, {
    organization_id: orgId,
    ...toolsDefaults,
    chatbot_api: `${server.url}/v1`,
    chatbot_key: key,
    system_prompt: 'You are the Acme front desk.',
    ...(options.keyless ? {} : { model_live_url: `${model.url}/v1`, model_name: 'gpt-4o-mini' }),
    status: 'active',
  });
  const models = createModelClient({ baseUrl: '/api', fetch: owner.fetch });
  return { id, key, appId, publish: () => models.publish({ chatbot_api_key: key, app_id: appId }) };
}

const outcomes = (u: TestUser) => createOutcomesClient({ baseUrl: '/api', fetch: u.fetch });
const planPath = (agent: string) => `/api/agents/${agent}/analysis`;

/** A visitor's chat with the agent's live version (one message per line), closed by the owner. */
async function closedChat(agent: Agent, visitor: string, lines: string[]) {
  const chat = createChatRuntime({ apiUrl: `${server.url}/v1`, apiKey: agent.key });
  let conversationId: string | undefined;
  for (const query of lines)
    conversationId = (await chat.send({ user: visitor, query, conversationId })).conversation_id;
  const closed = await owner.raw('POST', `/api/conversations/${conversationId}/close`, {});
  expect(closed.status).toBe(200);
  return conversationId!;
}

/** Waits for the conversation's outcome (GET …/analysis answers 404 until it is stored). */
async function outcomeOf(id: string) {
  await expect
    .poll(async () => (await owner.raw('GET', `/api/conversations/${id}/analysis`)).status, {
      timeout: 20_000,
    })
    .toBe(200);
  return conversationOutcomeSchema.parse(
    (await owner.raw('GET', `/api/conversations/${id}/analysis`)).body,
  );
}

describe('the outcome plan', () => {
  it('GET answers the empty plan; PUT stores one and answers it; bad input is 400 naming the field, nothing written', async () => {
    const agent = await newAgent();
    expect((await owner.raw('GET', planPath(agent.id))).body).toEqual({
      summary: false,
      success_type: null,
      success_criteria: '',
      fields: [],
      tags: [],
    });
    const saved = await owner.raw('PUT', planPath(agent.id), plan);
    expect(saved.status).toBe(200);
    expect(outcomePlanSchema.parse(saved.body)).toMatchObject({
      summary: true,
      success_type: 'pass_fail',
      fields: [{ name: 'order_number', type: 'string' }, {}, {}, { enum: ['refund', 'delivery'] }],
      tags: ['urgent', 'complaint'],
    });
    const field = (f: Record<string, unknown>) => ({ ...plan, fields: [f] });
    for (const [body, name] of [
      [field({ name: 'Order Number', type: 'string' }), 'fields.0.name'],
      [field({ name: 'topic', type: 'enum' }), 'fields.0.enum'],
      [field({ name: 'topic', type: 'date' }), 'fields.0.type'],
      [field({ name: 'n', type: 'number', enum: ['1'] }), 'fields.0.enum'],
      [{ ...plan, fields: [plan.fields![0], plan.fields![0]] }, 'fields.1.name'],
      [
        {
          ...plan,
          fields: Array.from({ length: 21 }, (_, i) => ({ name: `f${i}`, type: 'string' })),
        },
        'fields',
      ],
      [{ ...plan, success_criteria: '' }, 'success_criteria'],
      [{ ...plan, success_type: 'stars' }, 'success_type'],
      [{ ...plan, tags: ['a', 'A'] }, 'tags.1'],
      [{ ...plan, colour: 'red' }, 'body'],
    ] as const) {
      const res = await owner.raw('PUT', planPath(agent.id), body);
      expect({ name, status: res.status }).toEqual({ name, status: 400 });
      expect(String(res.body.error)).toMatch(new RegExp(`^${name.replace(/\./g, '\\.')}: `));
    }
    expect(outcomePlanSchema.parse((await owner.raw('GET', planPath(agent.id))).body)).toEqual(
      outcomePlanSchema.parse(saved.body),
    );
  });

  it('is part of the versioned settings: the draft changes, a publish freezes it, export carries it', async () => {
    const agent = await newAgent();
    await owner.raw('PUT', planPath(agent.id), plan);
    const draft = await owner.raw('GET', `/api/agents/${agent.id}/draft`);
    expect((draft.body.changes as Array<{ field: string }>).map((c) => c.field)).toContain(
      'analysis',
    );
    await agent.publish();
    const v1 = agentVersionDetailSchema.parse(
      (await owner.raw('GET', `/api/agents/${agent.id}/versions/1`)).body,
    );
    expect(v1.analysis).toEqual(outcomePlanSchema.parse(plan));
    // The draft moves on; version 1 keeps its plan; discarding brings it back.
    await owner.raw('PUT', planPath(agent.id), { summary: true });
    const exported = await owner.raw('GET', `/api/agents/${agent.id}/export?version=live`);
    expect(exported.body.analysis).toEqual(outcomePlanSchema.parse(plan));
    expect((await owner.raw('GET', `/api/agents/${agent.id}/export`)).body.analysis).toMatchObject({
      summary: true,
      fields: [],
    });
    await owner.raw('POST', `/api/agents/${agent.id}/draft/discard`, {});
    expect((await owner.raw('GET', planPath(agent.id))).body).toEqual(
      outcomePlanSchema.parse(plan),
    );
  });
});

describe('a conversation ends: its outcome', () => {
  let agent: Agent;
  let done: string;
  let unhappy: string;

  beforeAll(async () => {
    agent = await newAgent();
    await owner.raw('PUT', planPath(agent.id), plan);
    await agent.publish();
  });

  it('a chat closed in the inbox is filled by the live version’s model (json_schema) and stored', async () => {
    const before = model.analyses.length;
    done = await closedChat(agent, 'visitor-happy', [
      'Hi, where is my order_number=A-1234 with items=3? It is urgent, a delivery question.',
      'callback=yes please. Thanks!',
    ]);
    const outcome = await outcomeOf(done);
    expect(outcome).toMatchObject({
      conversation_id: done,
      status: 'done',
      reason: null,
      summary: expect.stringContaining('order_number=A-1234'),
      success: { value: true, passed: true, explanation: 'The customer said thanks.' },
      fields: { order_number: 'A-1234', items: 3, callback: true, topic: 'delivery' },
      tags: ['urgent'],
      agent_version: 1,
    });
    expect(Date.parse(outcome.analyzed_at)).not.toBeNaN();
    // One call, a json_schema response_format made from the plan.
    expect(model.analyses.length).toBe(before + 1);
    const format = model.analyses.at(-1)!.responseFormat as {
      type: string;
      json_schema: { schema: { properties: Record<string, unknown>; required: string[] } };
    };
    expect(format.type).toBe('json_schema');
    expect(format.json_schema.schema.required).toEqual(['summary', 'success', 'fields', 'tags']);
    expect(model.analyses.at(-1)!.system).toContain('The customer got what they came for');
  });

  it('the analysis.completed event reaches the webhook with the whole outcome, signed', async () => {
    await expect
      .poll(
        () =>
          receiver
            .events('analysis.completed')
            .filter((e) => e.payload.data.conversation_id === done).length,
        { timeout: 20_000 },
      )
      .toBe(1);
    const got = receiver
      .events('analysis.completed')
      .find((e) => e.payload.data.conversation_id === done)!;
    expect(() => new Webhook(hookSecret).verify(got.body, got.headers)).not.toThrow();
    expect(got.payload.data).toMatchObject({
      conversation_id: done,
      agent_name: agent.id,
      channel: 'chat',
      contact: 'visitor-happy',
      status: 'done',
      summary: expect.stringContaining('A-1234'),
      success: { value: true },
      fields: { order_number: 'A-1234', items: 3 },
      tags: ['urgent'],
      agent_version: 1,
    });
  });

  it('the inbox shows each thread’s outcome and filters by success and tag; the export carries the fields', async () => {
    unhappy = await closedChat(agent, 'visitor-unhappy', ['My refund is a complaint.']);
    expect(await outcomeOf(unhappy)).toMatchObject({
      success: { value: false, passed: false },
      fields: { topic: 'refund', order_number: null },
      tags: ['complaint'],
    });
    const list = async (query: string) =>
      conversationListSchema
        .parse((await owner.raw('GET', `/api/conversations?agent_id=${agent.id}&${query}`)).body)
        .conversations.map((c) => c.id);
    expect(await list('success=true')).toEqual([done]);
    expect(await list('success=false')).toEqual([unhappy]);
    expect(await list('tag=complaint')).toEqual([unhappy]);
    expect(await list('tag=urgent&success=true')).toEqual([done]);
    const all = conversationListSchema.parse(
      (await owner.raw('GET', `/api/conversations?agent_id=${agent.id}`)).body,
    );
    expect(all.conversations.find((c) => c.id === done)!.outcome).toMatchObject({
      status: 'done',
      tags: ['urgent'],
    });
    const bad = await owner.raw('GET', '/api/conversations?success=maybe');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('success: success must be true or false');

    const jsonl = await (
      await owner.fetch(`/api/conversations/export?format=jsonl&agent_id=${agent.id}&tag=urgent`)
    ).text();
    const rows = jsonl
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({
      conversation_id: done,
      outcome_status: 'done',
      outcome_success: 'true',
      outcome_tags: 'urgent',
      outcome_fields: { order_number: 'A-1234', items: 3, callback: true, topic: 'delivery' },
    });
    const csv = await (
      await owner.fetch(`/api/conversations/export?format=csv&agent_id=${agent.id}&tag=urgent`)
    ).text();
    expect(csv.split('\r\n')[1]).toContain('""order_number"":""A-1234""');
  });

  it('the analytics: the success rate over time and each field’s distribution', async () => {
    const figures = outcomeAnalyticsSchema.parse(
      (await owner.raw('GET', `/api/analytics/agents/${agent.id}/outcomes?period=7d`)).body,
    );
    expect(figures.totals).toMatchObject({
      done: 2,
      evaluated: 2,
      succeeded: 1,
      success_rate: 0.5,
    });
    expect(figures.success_series.reduce((n, b) => n + b.evaluated, 0)).toBe(2);
    expect(figures.fields.map((f) => f.name)).toEqual([
      'order_number',
      'items',
      'callback',
      'topic',
    ]);
    expect(figures.fields.find((f) => f.name === 'topic')).toMatchObject({
      type: 'enum',
      filled: 2,
      values: expect.arrayContaining([
        { value: 'delivery', count: 1 },
        { value: 'refund', count: 1 },
      ]),
    });
    expect(figures.fields.find((f) => f.name === 'items')!.numbers).toEqual({
      min: 3,
      max: 3,
      mean: 3,
      median: 3,
    });
    expect(figures.tags).toEqual(
      expect.arrayContaining([
        { tag: 'urgent', count: 1 },
        { tag: 'complaint', count: 1 },
      ]),
    );
  });

  it('a rerun re-analyses past conversations with the new live plan, with progress', async () => {
    await owner.raw('PUT', planPath(agent.id), {
      ...plan,
      fields: [...plan.fields!, { name: 'mood', type: 'enum', enum: ['thanks', 'complaint'] }],
    });
    await agent.publish();
    const bad = await owner.raw('POST', `${planPath(agent.id)}/rerun`, {
      since: '2026-01-02T00:00:00Z',
      until: '2026-01-01T00:00:00Z',
    });
    expect({ status: bad.status, error: bad.body.error }).toEqual({
      status: 400,
      error: 'until: until must not be before since',
    });
    expect((await owner.raw('POST', `${planPath(agent.id)}/rerun`, {})).body.error).toMatch(
      /^since: /,
    );
    const since = new Date(Date.now() - 3600_000).toISOString();
    const { rerun } = await outcomes(owner).rerun(agent.id, { since });
    expect(rerun).toMatchObject({ status: 'running', total: 2, agent_version: 2 });
    await expect
      .poll(async () => (await outcomes(owner).rerunProgress(agent.id, rerun.id)).rerun.status, {
        timeout: 20_000,
      })
      .toBe('completed');
    expect((await outcomes(owner).rerunProgress(agent.id, rerun.id)).rerun).toMatchObject({
      total: 2,
      done: 2,
      skipped: 0,
      failed: 0,
    });
    expect((await outcomes(owner).reruns(agent.id)).reruns[0]!.id).toBe(rerun.id);
    expect(await outcomeOf(done)).toMatchObject({
      agent_version: 2,
      fields: { mood: 'thanks' },
    });
    expect((await outcomeOf(unhappy)).fields.mood).toBe('complaint');
  });

  it('another organization gets 404 for the plan, outcomes, reruns and analytics', async () => {
    for (const [method, path, body] of [
      ['GET', planPath(agent.id), undefined],
      ['PUT', planPath(agent.id), plan],
      ['POST', `${planPath(agent.id)}/rerun`, { since: '2026-01-01T00:00:00Z' }],
      ['GET', `${planPath(agent.id)}/reruns`, undefined],
      ['GET', `/api/conversations/${done}/analysis`, undefined],
      ['GET', `/api/analytics/agents/${agent.id}/outcomes`, undefined],
    ] as const)
      expect({ path, status: (await stranger.raw(method, path, body)).status }).toEqual({
        path,
        status: 404,
      });
    expect(
      conversationListSchema.parse(
        (await stranger.raw('GET', '/api/conversations?tag=urgent')).body,
      ).conversations,
    ).toEqual([]);
  });
});

describe('when the model cannot fill the plan', () => {
  it('garbage from the model: failed with the reason after one retry, never a 500', async () => {
    const agent = await newAgent();
    await owner.raw('PUT', planPath(agent.id), plan);
    await agent.publish();
    model.mode = 'garbage';
    const before = model.analyses.length;
    try {
      const id = await closedChat(agent, 'visitor-garbage', ['Hello there']);
      const outcome = await outcomeOf(id);
      expect(outcome).toMatchObject({
        status: 'failed',
        summary: null,
        success: null,
        fields: {},
        tags: [],
      });
      expect(outcome.reason).toMatch(/^The model's answer did not fit the outcome plan/);
      expect(model.analyses.length - before).toBe(2);
    } finally {
      model.mode = 'fill';
    }
  });

  it('no model key: skipped, saying why (the console test chat: the draft’s plan)', async () => {
    const agent = await newAgent({ keyless: true });
    await owner.raw('PUT', planPath(agent.id), { summary: true });
    const proxy = await owner.raw('POST', '/api/chatbot/chat', {
      difyApiUrl: `${server.url}/v1`,
      difyApiKey: agent.key,
      message: 'Hi',
    });
    const id = String(proxy.body.conversation_id);
    await owner.raw('POST', `/api/conversations/${id}/close`, {});
    const outcome = await outcomeOf(id);
    expect(outcome).toMatchObject({ status: 'skipped', agent_version: 'draft', summary: null });
    expect(outcome.reason).toMatch(/No OpenAI API key is configured for this agent/);
  });

  it('an agent without a plan stores no outcome (404 saying why); a rerun is refused', async () => {
    const agent = await newAgent();
    const id = await closedChat(agent, 'visitor-plain', ['Hi']);
    // The job ran (nothing left queued for it) and stored nothing.
    await expect
      .poll(
        async () =>
          rowsOf(
            await server.db.execute(
              sql`SELECT count(*)::int AS n FROM analysis_jobs WHERE conversation_id = ${id}`,
            ),
          )[0]!.n,
        { timeout: 20_000 },
      )
      .toBe(0);
    const res = await owner.raw('GET', `/api/conversations/${id}/analysis`);
    expect(res.status).toBe(404);
    expect(res.body.error).toMatch(/no outcome plan/);
    const rerun = await owner.raw('POST', `${planPath(agent.id)}/rerun`, {
      since: '2026-01-01T00:00:00Z',
    });
    expect(rerun.status).toBe(409);
  });
});
