import { Hono, type Context } from 'hono';
import { and, eq } from 'drizzle-orm';
import {
  agentNameSchema,
  analyticsQuerySchema,
  emptyOutcomePlan,
  outcomePlanSchema,
  outcomeRerunRequestSchema,
  type OutcomePlan,
} from '@parley/api-client';
import type { AppEnv, Services } from '../lib/env';
import { check, HttpError, readJson } from '../lib/http';
import { agents } from '../db/schema';
import { agentOfMember, findAgentForUser } from '../agents/store';
import { conversationFor } from '../conversations/queries';
import { readQuery } from '../conversations/routes';
import { audit } from '../audit/log';
import { storedPlan } from './plan';
import { outcomeOf } from './store';
import { rerunOf, rerunsOf, startRerun } from './rerun';
import { liveVersionOf } from './served';
import { outcomeAnalytics } from './analytics';

/** What of a plan the audit log records: the switches and how many fields, tags, words. */
const auditView = (p: OutcomePlan) => ({
  summary: p.summary,
  success_type: p.success_type,
  success_criteria_length: p.success_criteria.length,
  fields: p.fields.map((f) => f.name),
  tags: p.tags.length,
});

/**
 * Outcomes (docs/outcomes.md), mounted at /api (session or an API key with its scope):
 * the draft's plan (GET/PUT /agents/{agentName}/analysis), re-analysing past conversations
 * (POST …/analysis/rerun, GET …/analysis/reruns[/{id}]), a conversation's outcome
 * (GET /conversations/{id}/analysis) and the outcomes' analytics
 * (GET /analytics/agents/{agentId}/outcomes). Another organization's agent or conversation: 404.
 */
export function outcomeRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  // Signed in (or an organization API key): mounted at /api, it guards its own three bases.
  for (const path of ['/agents/*', '/conversations/*', '/analytics/*'])
    app.use(path, services.requireSession);

  const agentOf = async (c: Context<AppEnv>) => {
    const agentName = check(agentNameSchema, c.req.param('agentName'), 'agentName');
    return (await findAgentForUser(db, c.get('user').id, agentName)).agent;
  };

  app.get('/agents/:agentName/analysis', async (c) => {
    const agent = await agentOf(c);
    return c.json(storedPlan(agent.analysisPlan) ?? emptyOutcomePlan);
  });

  app.put('/agents/:agentName/analysis', async (c) => {
    const agent = await agentOf(c);
    const plan = await readJson(c, outcomePlanSchema);
    const stored = storedPlan(plan);
    await db
      .update(agents)
      .set({ analysisPlan: stored, updatedAt: new Date() })
      .where(
        and(eq(agents.agentName, agent.agentName), eq(agents.organizationId, agent.organizationId)),
      );
    const before = storedPlan(agent.analysisPlan) ?? emptyOutcomePlan;
    const after = stored ?? emptyOutcomePlan;
    await audit(c, services, agent.organizationId, {
      action: 'agent.analysis',
      target: { type: 'agent', id: agent.agentName },
      changes: [{ field: 'analysis', before: auditView(before), after: auditView(after) }],
    });
    return c.json(after);
  });

  app.post('/agents/:agentName/analysis/rerun', async (c) => {
    const agent = await agentOf(c);
    const body = await readJson(c, outcomeRerunRequestSchema);
    const since = new Date(body.since);
    if (since.getTime() > Date.now())
      throw new HttpError(400, 'since: must not be in the future', {
        issues: [{ field: 'since', message: 'must not be in the future' }],
      });
    const rerun = await startRerun(
      db,
      agent,
      { since, until: body.until ? new Date(body.until) : null },
      c.get('user').id,
    );
    await audit(c, services, agent.organizationId, {
      action: 'agent.analysis.rerun',
      target: { type: 'agent', id: agent.agentName },
      changes: [{ field: 'conversations', before: null, after: rerun.total }],
    });
    return c.json({ rerun }, 202);
  });

  app.get('/agents/:agentName/analysis/reruns', async (c) => {
    const agent = await agentOf(c);
    return c.json({ reruns: await rerunsOf(db, agent) });
  });

  app.get('/agents/:agentName/analysis/reruns/:id', async (c) => {
    const agent = await agentOf(c);
    return c.json({ rerun: await rerunOf(db, agent, c.req.param('id')) });
  });

  app.get('/conversations/:id/analysis', async (c) => {
    const conv = await conversationFor(db, c.get('user').id, c.req.param('id'));
    const outcome = await outcomeOf(db, conv.id);
    if (!outcome)
      throw new HttpError(
        404,
        conv.endedAt
          ? 'This conversation has no outcome yet (it is being analysed, or its agent has no outcome plan)'
          : 'This conversation has no outcome yet: it is analysed when it ends',
        { code: 'no_outcome' },
      );
    return c.json(outcome);
  });

  app.get('/analytics/agents/:agentId/outcomes', async (c) => {
    const { period, version } = readQuery(c, analyticsQuerySchema);
    const agent = await agentOfMember(db, c.get('user').id, c.req.param('agentId'));
    return c.json(
      await outcomeAnalytics(db, agent, { period, version, plan: liveVersionOf(agent).plan }),
    );
  });

  return app;
}
