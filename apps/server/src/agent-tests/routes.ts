import { Hono } from 'hono';
import {
  agentNameSchema,
  agentTestInputSchema,
  testFromConversationRequestSchema,
  testRunRequestSchema,
  testSettingsSchema,
} from '@parley/api-client';
import type { AppEnv, Services } from '../lib/env';
import { check, HttpError, notFound, readJson } from '../lib/http';
import { findAgentForUser } from '../agents/store';
import { executeRun } from './execute';
import { testFromConversation } from './fromConversation';
import { assertPatternsUsable, assertWithinCaps } from './saveChecks';
import { budgetOf, createRunWithinBudget, testRunBudgetFrom } from './budget';
import {
  createTest,
  deleteTest,
  findRun,
  lastFinishedRun,
  listRuns,
  listTests,
  runToWire,
  saveTestsMustPass,
  testsMustPass,
  testToWire,
  updateTest,
} from './store';
import type { TestRunWorker } from './worker';

/**
 * A run of more turns than this (tests × turns × repetitions) answers its id at once and runs in
 * the background; a shorter one answers when it is done.
 */
export const inlineTurnLimit = 10;

/** Agent test suites under /api/agents/{agentName}/tests (issue 30). */
export function agentTestRoutes(services: Services, worker?: TestRunWorker) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  app.use('*', services.requireSession);
  // A bad PARLEY_TEST_RUN_BUDGET stops the server at start, naming the variable.
  const budgetLimit = testRunBudgetFrom(services.env);

  const agentOf = async (c: { req: { param(name: 'agentName'): string } }, userId: string) => {
    const agentName = check(agentNameSchema, c.req.param('agentName'), 'agentName');
    return (await findAgentForUser(db, userId, agentName)).agent;
  };

  app.get('/:agentName/tests', async (c) => {
    const agent = await agentOf(c, c.get('user').id);
    const [tests, gate, last, budget] = [
      await listTests(db, agent),
      await testsMustPass(db, agent),
      await lastFinishedRun(db, agent),
      await budgetOf(db, agent.organizationId, budgetLimit),
    ];
    return c.json({
      tests: tests.map(testToWire),
      tests_must_pass: gate,
      last_run: last ? runToWire(last) : null,
      budget,
    });
  });

  app.post('/:agentName/tests', async (c) => {
    const agent = await agentOf(c, c.get('user').id);
    const body = await readJson(c, agentTestInputSchema);
    assertPatternsUsable(body);
    assertWithinCaps(body, await listTests(db, agent));
    return c.json(testToWire(await createTest(db, agent, body)), 201);
  });

  app.put('/:agentName/tests/settings', async (c) => {
    const agent = await agentOf(c, c.get('user').id);
    const body = await readJson(c, testSettingsSchema);
    await saveTestsMustPass(db, agent, body.tests_must_pass);
    return c.json({ tests_must_pass: body.tests_must_pass });
  });

  app.post('/:agentName/tests/run', async (c) => {
    const agent = await agentOf(c, c.get('user').id);
    const body = await readJson(c, testRunRequestSchema);
    // The draft (default), or the version every channel serves.
    if (body.version === 'live' && agent.liveVersion === null)
      throw new HttpError(400, 'version: this agent has no live version yet (publish it first)', {
        issues: [{ field: 'version', message: 'this agent has no live version yet' }],
      });
    const agentVersion = body.version === 'live' ? String(agent.liveVersion) : 'draft';
    const all = await listTests(db, agent);
    let chosen = all;
    if (body.test_ids) {
      const unknown = body.test_ids.findIndex((id) => !all.some((t) => t.id === id));
      if (unknown >= 0)
        throw new HttpError(400, `test_ids.${unknown}: no such test of this agent`, {
          issues: [{ field: `test_ids.${unknown}`, message: 'no such test of this agent' }],
        });
      chosen = all.filter((t) => body.test_ids!.includes(t.id));
    }
    if (!chosen.length)
      throw new HttpError(400, 'test_ids: this agent has no tests to run', {
        issues: [{ field: 'test_ids', message: 'this agent has no tests to run' }],
      });
    const turns = chosen.reduce((n, t) => n + t.turns.length * t.repetitions, 0);
    // A voice run speaks and transcribes every line: always in the background.
    const voice = body.voice ?? false;
    // The run's estimated model calls must fit in the organization's budget (409 otherwise).
    if (voice || turns > inlineTurnLimit) {
      const run = await createRunWithinBudget(db, agent, chosen, budgetLimit, {
        trigger: 'manual',
        claimed: !worker,
        voice,
        agentVersion,
      });
      if (worker) worker.wake();
      else void executeRun(services, run);
      return c.json(runToWire(run), 202);
    }
    const run = await createRunWithinBudget(db, agent, chosen, budgetLimit, {
      trigger: 'manual',
      claimed: true,
      agentVersion,
    });
    return c.json(runToWire(await executeRun(services, run)));
  });

  app.get('/:agentName/tests/runs', async (c) => {
    const agent = await agentOf(c, c.get('user').id);
    return c.json({ runs: (await listRuns(db, agent)).map(runToWire) });
  });

  app.get('/:agentName/tests/runs/:runId', async (c) => {
    const agent = await agentOf(c, c.get('user').id);
    const run = await findRun(db, agent, c.req.param('runId'));
    if (!run) throw notFound('Test run');
    return c.json(runToWire(run));
  });

  app.post('/:agentName/tests/from-conversation', async (c) => {
    const agent = await agentOf(c, c.get('user').id);
    const body = await readJson(c, testFromConversationRequestSchema);
    const draft = await testFromConversation(db, agent, body.conversation_id, body.name);
    if (!draft) throw notFound('Conversation');
    if (!draft.turns.length)
      throw new HttpError(400, 'conversation_id: the conversation has no user turns', {
        issues: [{ field: 'conversation_id', message: 'the conversation has no user turns' }],
      });
    const values = agentTestInputSchema.safeParse(draft);
    if (!values.success)
      throw new HttpError(400, `conversation_id: ${values.error.issues[0]?.message ?? 'unusable'}`);
    assertWithinCaps(values.data, await listTests(db, agent));
    return c.json(testToWire(await createTest(db, agent, values.data)), 201);
  });

  app.put('/:agentName/tests/:id', async (c) => {
    const agent = await agentOf(c, c.get('user').id);
    const body = await readJson(c, agentTestInputSchema);
    assertPatternsUsable(body);
    assertWithinCaps(body, await listTests(db, agent), c.req.param('id'));
    const row = await updateTest(db, agent, c.req.param('id'), body);
    if (!row) throw notFound('Test');
    return c.json(testToWire(row));
  });

  app.delete('/:agentName/tests/:id', async (c) => {
    const agent = await agentOf(c, c.get('user').id);
    if (!(await deleteTest(db, agent, c.req.param('id')))) throw notFound('Test');
    return c.json({ success: true, message: 'Test deleted' });
  });

  return app;
}
