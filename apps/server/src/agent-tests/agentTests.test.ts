import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import {
  createAgentToolsClient,
  createAgentTestsClient,
  createKnowledgeClient,
  newAgentId,
  type AgentTestInput,
  type TestRun,
} from '@parley/api-client';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness';
import { startFakeGrader, type FakeGrader } from '../../test/fakeGrader';
import { startFakeToolModel, toolResultsOf } from '../../test/fakeToolModel';
import { agentTestRuns, agentTests, conversations } from '../db/schema';

let server: TestServer;
let grader: FakeGrader;
let owner: TestUser;
let stranger: TestUser;
let orgId: string;
let strangerOrg: string;

beforeAll(async () => {
  grader = await startFakeGrader();
  // The fake grading model listens on loopback: allow-listed as an operator would a local model.
  server = await startTestServer({ env: { PARLEY_MODEL_ALLOW_HOSTS: '127.0.0.1' } });
  owner = server.newUser();
  orgId = await owner.withOrg('Tests Org');
  stranger = server.newUser();
  strangerOrg = await stranger.withOrg('Other Org');
});
afterAll(async () => {
  await server?.close();
  await grader?.close();
});

const testsOf = (user: TestUser) =>
  createAgentTestsClient({ baseUrl: '/api/agents', fetch: user.fetch });

/** An agent of the owner's org: offline (no key) unless `model` (the fake model on loopback). */
async function seedAgent(options: { model?: boolean; prompt?: string } = {}) {
  const id = newAgentId('bot');
  const app = await owner.apps.createAgent({ agentName: id, organizationId: orgId });
  await owner.agents.update(id, {
    organization_id: orgId,
    chatbot_api: `${server.url}/v1`,
    chatbot_key: app.data!.appKey,
    system_prompt: options.prompt ?? 'You are the Acme front desk.',
    ...(options.model ? { model_live_url: `${grader.url}/v1`, model_name: 'gpt-4o-mini' } : {}),
  });
  return { id, key: app.data!.appKey, appId: app.data!.appId };
}

type Checks = AgentTestInput['turns'][number]['expect'];
/** A turn: what the visitor says, and what the answer must meet. */
const turn = (user: string, checks: Checks) => ({ user, expect: checks });

const passing: AgentTestInput = {
  name: 'Says it is offline',
  turns: [
    turn('What are your {{topic}}?', [
      { type: 'contains', value: 'Offline responder' },
      { type: 'not_contains', value: 'Sorry' },
      { type: 'regex', value: '/no model was called/i' },
    ]),
    turn('Thanks', [{ type: 'contains', value: 'Thanks' }]),
  ],
  variables: { topic: 'opening hours' },
};
/** A test of one turn. */
const oneTurn = (name: string, user: string, checks: Checks): AgentTestInput => ({
  name,
  turns: [turn(user, checks)],
});
const failing: AgentTestInput = {
  name: 'Knows the hours',
  turns: [{ user: 'When do you open?', expect: [{ type: 'contains', value: 'We open at 9' }] }],
};

const publish = (user: TestUser, agent: { key: string; appId: string }) =>
  user.raw('POST', '/api/publish-agent', { chatbot_api_key: agent.key, app_id: agent.appId });

describe('agent tests: CRUD and validation', () => {
  it('creates, lists, replaces and deletes a test; bad input is 400 naming the field, nothing written', async () => {
    const agent = await seedAgent();
    const base = `/api/agents/${agent.id}/tests`;
    for (const [body, error] of [
      [{ ...passing, name: ' ' }, 'name: is required'],
      [{ ...passing, turns: [] }, 'turns: a test needs at least one turn'],
      [
        { name: 'x', turns: [{ user: 'Hi', expect: [{ type: 'ends_call', value: 'maybe' }] }] },
        'turns.0.expect.0.value: must be yes (the turn ends the call) or no',
      ],
      [
        { name: 'x', turns: [{ user: 'Hi', expect: [{ type: 'regex', value: '(' }] }] },
        expect.stringMatching(/^turns\.0\.expect\.0\.value: is not a valid regular expression/),
      ],
      [
        {
          name: 'x',
          turns: [
            { user: 'Hi', expect: [] },
            {
              user: 'Hi',
              expect: [
                { type: 'contains', value: 'a' },
                { type: 'regex', value: '(a)\\1' },
              ],
            },
          ],
        },
        expect.stringMatching(/^turns\.1\.expect\.1\.value: pattern too complex: invalid escape/),
      ],
      [
        { name: 'x', turns: [{ user: 'Hi', expect: [{ type: 'regex', value: '/(?<!a)b/' }] }] },
        expect.stringMatching(/^turns\.0\.expect\.0\.value: pattern too complex/),
      ],
      [{ ...passing, repetitions: 11 }, 'repetitions: must be at most 10'],
      [{ ...passing, variables: { '1x': 'a' } }, expect.stringMatching(/^variables: names are/)],
    ] as const) {
      const res = await owner.raw('POST', base, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual(error);
    }
    expect((await testsOf(owner).list(agent.id)).tests).toEqual([]);

    const created = await testsOf(owner).create(agent.id, passing);
    expect(created).toMatchObject({ name: 'Says it is offline', repetitions: 1, tool_mocks: [] });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    const replaced = await testsOf(owner).update(agent.id, created.id, {
      ...passing,
      name: 'Renamed',
    });
    expect(replaced.name).toBe('Renamed');
    const listed = await testsOf(owner).list(agent.id);
    expect(listed).toMatchObject({
      tests: [{ id: created.id, name: 'Renamed' }],
      tests_must_pass: false,
      last_run: null,
    });
    expect((await owner.raw('PUT', `${base}/${created.id}`, { name: 'x' })).body.error).toBe(
      'turns: Invalid input: expected array, received undefined',
    );
    await testsOf(owner).remove(agent.id, created.id);
    expect((await owner.raw('DELETE', `${base}/${created.id}`)).status).toBe(404);
    expect((await owner.raw('POST', `${base}/run`, {})).body.error).toBe(
      'test_ids: this agent has no tests to run',
    );
  });

  it("another organization's agent, tests and runs are 404", async () => {
    const agent = await seedAgent();
    const test = await testsOf(owner).create(agent.id, passing);
    const run = await testsOf(owner).run(agent.id);
    const base = `/api/agents/${agent.id}/tests`;
    for (const [method, path, body] of [
      ['GET', base, undefined],
      ['POST', base, passing],
      ['PUT', `${base}/${test.id}`, passing],
      ['DELETE', `${base}/${test.id}`, undefined],
      ['POST', `${base}/run`, {}],
      ['GET', `${base}/runs`, undefined],
      ['GET', `${base}/runs/${run.id}`, undefined],
      ['PUT', `${base}/settings`, { tests_must_pass: true }],
    ] as const) {
      const res = await stranger.raw(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('Says it is offline');
    }
    // The stranger's own agent cannot name the owner's test or run either.
    const mine = newAgentId('bot');
    await stranger.agents.update(mine, { organization_id: strangerOrg, system_prompt: 'Mine.' });
    expect(
      (await stranger.raw('PUT', `/api/agents/${mine}/tests/${test.id}`, passing)).status,
    ).toBe(404);
    expect((await stranger.raw('GET', `/api/agents/${mine}/tests/runs/${run.id}`)).status).toBe(
      404,
    );
    expect(
      (await stranger.raw('POST', `/api/agents/${mine}/tests/run`, { test_ids: [test.id] })).body
        .error,
    ).toBe('test_ids.0: no such test of this agent');
    expect((await testsOf(owner).list(agent.id)).tests).toHaveLength(1);
  });
});

describe('agent tests: the cost ceiling', () => {
  it('caps tests per agent and judge checks per run at save; a run over the organization budget is 409 with the estimate', async () => {
    // An organization of its own: its budget is not the other tests'.
    const u = server.newUser();
    const org = await u.withOrg('Budget Org');
    const id = newAgentId('cap');
    await u.apps.createAgent({ agentName: id, organizationId: org });
    await u.agents.update(id, { organization_id: org });
    const base = `/api/agents/${id}/tests`;
    const judged = (turns: number, judges: number, repetitions = 1): AgentTestInput => ({
      name: 'Judged',
      repetitions,
      turns: Array.from({ length: turns }, (_, i) => ({
        user: `Question ${i}`,
        expect: Array.from({ length: judges }, () => ({ type: 'judge' as const, value: 'Polite' })),
      })),
    });
    // 20 turns × 10 judges × 2 repetitions = 400 judge checks in a run: over 200.
    const tooManyJudges = await u.raw('POST', base, judged(20, 10, 2));
    expect(tooManyJudges.status).toBe(400);
    expect(tooManyJudges.body.error).toBe(
      "turns: a run of this agent's tests would grade 400 judge checks (judge expectations × repetitions, all tests together); at most 200",
    );
    const small = await testsOf(u).create(id, judged(2, 1, 3)); // 6 turns + 6 judges = 12 calls
    // Replacing a test counts the new one instead of the old.
    expect((await u.raw('PUT', `${base}/${small.id}`, judged(10, 10, 2))).status).toBe(200);
    expect((await u.raw('PUT', `${base}/${small.id}`, judged(2, 1, 3))).status).toBe(200);

    // 50 tests at most.
    await server.db.insert(agentTests).values(
      Array.from({ length: 49 }, (_, i) => ({
        organizationId: org,
        agentName: id,
        name: `Seeded ${i}`,
        turns: [{ user: 'Hi', expect: [] }],
      })),
    );
    const fiftyFirst = await u.raw('POST', base, passing);
    expect(fiftyFirst.status).toBe(400);
    expect(fiftyFirst.body.error).toBe('name: an agent has at most 50 tests');
    await server.db.delete(agentTests).where(like(agentTests.name, 'Seeded %'));

    // The budget: 2,000 model calls a day by default; earlier runs used 1,995 of them.
    const listed = await testsOf(u).list(id);
    expect(listed.budget).toEqual({
      model_calls_limit: 2000,
      model_calls_used: 0,
      window_hours: 24,
    });
    await server.db.insert(agentTestRuns).values({
      organizationId: org,
      agentName: id,
      testIds: [],
      total: 0,
      modelCalls: 1995,
      status: 'passed',
    });
    const refused = await u.raw('POST', `${base}/run`, {});
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: expect.stringMatching(
        /^This run needs about 12 model calls, over what is left of the organization's test budget: 5 of 2,000 model calls in 24 hours/,
      ),
      code: 'test_budget_exceeded',
      estimate: { model_calls: 12 },
      budget: { model_calls_limit: 2000, model_calls_used: 1995, window_hours: 24 },
    });
    const runs = await server.db
      .select()
      .from(agentTestRuns)
      .where(eq(agentTestRuns.agentName, id));
    expect(runs).toHaveLength(1); // nothing written
    // Runs older than the window no longer count.
    await server.db
      .update(agentTestRuns)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(agentTestRuns.agentName, id));
    const ran = await u.raw('POST', `${base}/run`, {});
    expect(ran.status).toBe(200);
    expect((await testsOf(u).list(id)).budget?.model_calls_used).toBe(12);
  });
});

describe('agent tests: runs through the runtime', () => {
  it('a passing and a failing suite against the offline responder: results, transcript, latency; the run leaves no conversation', async () => {
    const agent = await seedAgent();
    const good = await testsOf(owner).create(agent.id, passing);
    const bad = await testsOf(owner).create(agent.id, failing);
    const run = await testsOf(owner).run(agent.id);
    expect(run).toMatchObject({
      status: 'failed',
      total: 2,
      done: 2,
      passed_count: 1,
      failed_count: 1,
    });
    const [first, second] = run.results;
    expect(first).toMatchObject({
      test_id: good.id,
      name: 'Says it is offline',
      passed: true,
      pass_rate: 1,
    });
    expect(first!.turns[0]!.user).toBe('What are your opening hours?');
    expect(first!.turns[0]!.answer).toContain('Offline responder');
    expect(first!.turns[0]!.offline).toBe(true);
    expect(first!.turns[0]!.latency_ms).toBeGreaterThanOrEqual(0);
    // The second turn runs in the same conversation (the offline answer quotes the question).
    expect(first!.turns[1]!.answer).toContain('Thanks');
    expect(second).toMatchObject({
      test_id: bad.id,
      passed: false,
      pass_rate: 0,
      previous_run_id: null,
      changes: [],
    });
    expect(second!.turns[0]!.expectations[0]).toEqual({
      type: 'contains',
      value: 'We open at 9',
      passed: false,
      detail: 'The answer does not contain “We open at 9”',
    });
    const left = await server.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(like(conversations.endUser, 'agent-test:%'));
    expect(left).toEqual([]);

    // Only the given ids.
    const one = await testsOf(owner).run(agent.id, { test_ids: [good.id] });
    expect(one).toMatchObject({ status: 'passed', total: 1, results: [{ test_id: good.id }] });
    const { runs } = await testsOf(owner).runs(agent.id);
    expect(runs.map((r) => r.id)).toEqual([one.id, run.id]);
    expect((await testsOf(owner).list(agent.id)).last_run?.id).toBe(one.id);
  });

  it('judge with a grading model: reasoning shown; the diff names the expectation that changed after a prompt edit', async () => {
    const agent = await seedAgent({ model: true, prompt: 'ALWAYS SAY: It is rainy today.' });
    const test = await testsOf(owner).create(
      agent.id,
      oneTurn('Weather', 'How is the weather?', [
        { type: 'judge', value: 'The answer mentions "sunny"' },
        { type: 'contains', value: 'today' },
      ]),
    );
    const before = await testsOf(owner).run(agent.id);
    const judged = before.results[0]!.turns[0]!.expectations[0]!;
    expect(before.results[0]!.turns[0]!.answer).toBe('It is rainy today.');
    expect(judged).toMatchObject({
      type: 'judge',
      passed: false,
      detail: 'The judge found the criterion not met',
      reasoning: 'The answer never mentions "sunny".',
    });
    expect(grader.graded).toContain('The answer mentions "sunny"');

    await owner.agents.update(agent.id, {
      organization_id: orgId,
      system_prompt: 'ALWAYS SAY: It is sunny today.',
    });
    const after = await testsOf(owner).run(agent.id, { test_ids: [test.id] });
    expect(after.results[0]).toMatchObject({
      passed: true,
      previous_run_id: before.id,
      changes: [
        { turn: 0, type: 'judge', value: 'The answer mentions "sunny"', was: false, now: true },
      ],
    });
    expect(after.results[0]!.turns[0]!.expectations[0]!.reasoning).toBe(
      'The answer mentions "sunny".',
    );
  });

  it('judge without a model key says plainly that it needs one', async () => {
    const agent = await seedAgent();
    await testsOf(owner).create(agent.id, {
      name: 'Polite',
      turns: [{ user: 'Hi', expect: [{ type: 'judge', value: 'The answer is polite' }] }],
    });
    const run = await testsOf(owner).run(agent.id);
    expect(run.results[0]!.turns[0]!.expectations[0]).toMatchObject({
      passed: false,
      detail: expect.stringMatching(
        /^A judge expectation needs a model key: no OpenAI API key is configured/,
      ),
    });
  });

  it('uses_knowledge: the passages given to the model came from the named base or document', async () => {
    const agent = await seedAgent();
    const kb = createKnowledgeClient({ baseUrl: '/api/knowledge-bases', fetch: owner.fetch });
    const base = await kb.create({
      name: 'Clinic',
      indexingTechnique: 'economy',
      permission: 'all_team_members',
    });
    const other = await kb.create({
      name: 'Other',
      indexingTechnique: 'economy',
      permission: 'all_team_members',
    });
    const doc = await kb.addText(base.id, {
      name: 'hours.md',
      content: '# Hours\nThe clinic is open Monday to Friday from 8:00 to 18:00.',
    });
    await expect
      .poll(async () => (await kb.documents(base.id)).find((d) => d.id === doc.id)?.status, {
        timeout: 20_000,
      })
      .toBe('completed');
    await owner.attachKnowledge(agent.key, [base.id]);
    await testsOf(owner).create(
      agent.id,
      oneTurn('Hours from the FAQ', 'Is the clinic open on Monday?', [
        { type: 'uses_knowledge', value: base.id },
        { type: 'uses_knowledge', value: 'hours.md' },
        { type: 'uses_knowledge', value: other.id },
      ]),
    );
    const run = await testsOf(owner).run(agent.id);
    const turn = run.results[0]!.turns[0]!;
    expect(turn.sources).toEqual([
      { document_id: doc.id, document_name: 'hours.md', knowledge_base_id: base.id },
    ]);
    expect(turn.expectations.map((e) => e.passed)).toEqual([true, true, false]);
    expect(turn.expectations[2]!.detail).toBe(
      `No passage of “${other.id}” was retrieved (the answer drew on “hours.md”)`,
    );
  });

  it('calls_tool reads the turn’s tool steps (none on an agent without tools); a mock no call matched is reported', async () => {
    const agent = await seedAgent();
    await testsOf(owner).create(agent.id, {
      name: 'Books a table',
      turns: [
        {
          user: 'A table for 4',
          expect: [{ type: 'calls_tool', value: 'book_table', arguments: { party: 4 } }],
        },
      ],
      tool_mocks: [{ tool_id: 'book_table', output: { confirmed: true } }],
    });
    const run = await testsOf(owner).run(agent.id);
    expect(run.results[0]).toMatchObject({ passed: false, unmatched_mocks: ['book_table'] });
    expect(run.results[0]!.turns[0]!.expectations[0]!.detail).toBe(
      'The agent did not call “book_table” (it called no tool)',
    );
  });

  it('ends_call reads the turn’s call actions; a voice run sends the script through espeak-ng and pocketsphinx and checks what was heard', async () => {
    const model = await startFakeToolModel();
    try {
      // The model hangs up when the caller says goodbye.
      model.decide = (body) => {
        const last = body.messages.filter((m) => m.role === 'user').at(-1);
        if (!toolResultsOf(body).length && String(last?.content).includes('goodbye'))
          return { toolCalls: [{ name: 'hang_up', arguments: {} }] };
        return { text: `You said: ${String(last?.content)}` };
      };
      const agent = await seedAgent();
      await owner.agents.update(agent.id, {
        organization_id: orgId,
        model_live_url: `${model.url}/v1`,
        model_name: 'gpt-4o-mini',
      });
      await createAgentToolsClient({ baseUrl: '/api/agents', fetch: owner.fetch }).create(
        agent.id,
        { name: 'hang_up', type: 'end_call' },
      );
      await testsOf(owner).create(agent.id, {
        name: 'Hangs up on goodbye',
        turns: [
          turn('What are your opening hours?', [
            { type: 'ends_call', value: 'no' },
            { type: 'contains', value: 'opening hours' },
          ]),
          turn('Thank you, goodbye!', [{ type: 'ends_call', value: 'yes' }]),
        ],
      });
      const text = await testsOf(owner).run(agent.id);
      expect(text.results[0]!.turns.map((t) => [t.passed, t.ended_call])).toEqual([
        [true, false],
        [true, true],
      ]);
      expect(text.results[0]!.turns[1]!.expectations[0]!.detail).toBe('The turn ended the call');

      const started = await owner.raw('POST', `/api/agents/${agent.id}/tests/run`, {
        voice: true,
      });
      expect(started.status).toBe(202);
      let voice: TestRun | undefined;
      await expect
        .poll(
          async () =>
            (voice = await testsOf(owner).getRun(agent.id, String(started.body.id))).status,
          { timeout: 90_000, interval: 200 },
        )
        .toBe('passed');
      expect(voice!.voice).toBe(true);
      const turns = voice!.results[0]!.turns;
      // The agent answered what the transcriber heard of the spoken lines (beside the script).
      expect(turns.map((t) => t.user)).toEqual([
        'What are your opening hours?',
        'Thank you, goodbye!',
      ]);
      expect(turns.map((t) => t.heard)).toEqual([
        'what are your opening hours',
        'thank you goodbye',
      ]);
      expect(turns[0]!.answer).toBe('You said: what are your opening hours');
      expect(turns[1]!.ended_call).toBe(true);
      expect(turns[0]!.voice_seconds).toBeGreaterThan(0.5);
    } finally {
      await model.close();
    }
  });

  it('repetitions give a pass rate; a long run answers its id at once and finishes in the background', async () => {
    const agent = await seedAgent();
    await testsOf(owner).create(agent.id, { ...passing, repetitions: 6 });
    const started = await owner.raw('POST', `/api/agents/${agent.id}/tests/run`, {});
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ total: 1, done: 0, results: [] });
    expect(['queued', 'running']).toContain(started.body.status);
    let done: TestRun | undefined;
    await expect
      .poll(
        async () => (done = await testsOf(owner).getRun(agent.id, String(started.body.id))).status,
        { timeout: 60_000, interval: 100 },
      )
      .toBe('passed');
    expect(done!.results[0]).toMatchObject({ pass_rate: 1, repetitions: 6, passed: true });
  });

  it('a stored conversation becomes a test: its user turns, the answers as judge criteria', async () => {
    const agent = await seedAgent({ model: true, prompt: 'ALWAYS SAY: We open at nine.' });
    const chat = await owner.raw('POST', '/api/chatbot/chat', {
      difyApiUrl: `${server.url}/v1`,
      difyApiKey: agent.key,
      message: 'When do you open?',
    });
    expect(chat.status).toBe(200);
    const conversationId = String(chat.body.conversation_id);
    await owner.raw('POST', '/api/chatbot/chat', {
      difyApiUrl: `${server.url}/v1`,
      difyApiKey: agent.key,
      message: 'And on Sunday?',
      conversationId,
    });
    const test = await testsOf(owner).fromConversation(agent.id, {
      conversation_id: conversationId,
    });
    expect(test.name).toMatch(/^From a chat conversation of \d{4}-\d{2}-\d{2}$/);
    expect(test.turns).toEqual([
      {
        user: 'When do you open?',
        expect: [{ type: 'judge', value: 'Answers to the same effect as: “We open at nine.”' }],
      },
      {
        user: 'And on Sunday?',
        expect: [{ type: 'judge', value: 'Answers to the same effect as: “We open at nine.”' }],
      },
    ]);
    // Another organization's conversation (or an unknown one) is 404; bad ids are 400.
    const mine = newAgentId('bot');
    await stranger.agents.update(mine, { organization_id: strangerOrg, system_prompt: 'Mine.' });
    expect(
      (
        await stranger.raw('POST', `/api/agents/${mine}/tests/from-conversation`, {
          conversation_id: conversationId,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await owner.raw('POST', `/api/agents/${agent.id}/tests/from-conversation`, {
          conversation_id: 'nope',
        })
      ).body.error,
    ).toBe('conversation_id: must be a conversation id');
    const stored = await server.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    expect(stored).toHaveLength(1);
  });
});

describe('publish gate', () => {
  it("with 'Tests must pass to publish' on, publishing runs the suite and is refused naming the failing tests; fixed, it publishes", async () => {
    const agent = await seedAgent();
    await testsOf(owner).create(agent.id, passing);
    const bad = await testsOf(owner).create(agent.id, failing);
    // Off: publishing runs nothing.
    expect((await publish(owner, agent)).status).toBe(200);
    expect((await testsOf(owner).runs(agent.id)).runs).toEqual([]);

    expect(
      (await owner.raw('PUT', `/api/agents/${agent.id}/tests/settings`, { tests_must_pass: 'yes' }))
        .body.error,
    ).toBe('tests_must_pass: must be true or false');
    await testsOf(owner).saveSettings(agent.id, { tests_must_pass: true });
    expect((await testsOf(owner).list(agent.id)).tests_must_pass).toBe(true);
    const refused = await publish(owner, agent);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      success: false,
      error: 'Tests must pass to publish: 1 failing test: “Knows the hours”',
      failing_tests: [{ test_id: bad.id, name: 'Knows the hours' }],
    });
    const [gateRun] = (await testsOf(owner).runs(agent.id)).runs;
    expect(gateRun).toMatchObject({
      id: refused.body.run_id,
      trigger: 'publish',
      status: 'failed',
    });

    await testsOf(owner).update(agent.id, bad.id, {
      ...failing,
      turns: [
        { user: 'When do you open?', expect: [{ type: 'contains', value: 'no model was called' }] },
      ],
    });
    const allowed = await publish(owner, agent);
    expect(allowed.status).toBe(200);
    expect(allowed.body).toMatchObject({ success: true, message: 'Agent published successfully' });
    expect((await testsOf(owner).list(agent.id)).last_run).toMatchObject({
      trigger: 'publish',
      status: 'passed',
    });
  });
});
