import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import {
  agentApiKeyProblem,
  agentDeleteByOrgRequestSchema,
  agentNameSchema,
  agentUpdateRequestSchema,
} from '@parley/api-client';
import type { AppEnv, Services } from '../lib/env';
import { check, HttpError, notFound, readJson } from '../lib/http';
import { managers, requireMembership, requireRole } from '../lib/tenancy';
import { cachedRead, tags } from '../lib/tenantCache';
import { ReusableJson, reusableJsonAnswer } from '../lib/compress';
import { checkModelLiveUrl } from '../runtime/model';
import { forgetAgentKeys } from '../runtime/chat';
import { agents } from '../db/schema';
import { assertModelKeyStays } from './modelKey';
import { audit, changesBetween } from '../audit/log';
import { agentToWire, agentValues, deleteAgents, findAgentForUser, listAgentsOfOrg } from './store';

/** The agent service (agents-and-knowledge §7) under /api/agents. */
export function agentRoutes(services: Services) {
  const { db, secrets, env } = services;
  const app = new Hono<AppEnv>();
  app.use('*', services.requireSession);

  app.post('/update/:agentName', async (c) => {
    const agentName = check(agentNameSchema, c.req.param('agentName'), 'agentName');
    const body = await readJson(c, agentUpdateRequestSchema);
    const user = c.get('user');
    await requireMembership(db, user.id, body.organization_id);
    const [existing] = await db
      .select()
      .from(agents)
      .where(eq(agents.agentName, agentName))
      .limit(1);
    if (existing && existing.organizationId !== body.organization_id) throw notFound('Agent');
    // The schema refuses an empty or malformed key; clearing a stored one is refused alike (the
    // widgets and the public chat page would be left without a key).
    if (body.chatbot_key === null && existing?.chatbotKey) {
      const message = agentApiKeyProblem('')!;
      throw new HttpError(400, `chatbot_key: ${message}`, {
        issues: [{ field: 'chatbot_key', message }],
      });
    }
    if (body.model_live_url !== undefined)
      body.model_live_url = (await checkModelLiveUrl(body.model_live_url, env)) ?? '';
    assertModelKeyStays(existing, body.model_live_url, body.model_api_key, 'model_api_key');
    const values = agentValues(body, secrets);
    if (existing) {
      await db
        .update(agents)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(agents.agentName, agentName));
    } else {
      await db
        .insert(agents)
        .values({ ...values, agentName, organizationId: body.organization_id });
    }
    forgetAgentKeys();
    // Secrets (the model key, the agent key) as '••••': never their values.
    const changes = changesBetween(
      existing ?? null,
      { ...existing, ...values },
      {
        only: Object.keys(values),
        secrets: ['modelApiKey', 'chatbotKey'],
      },
    );
    if (changes.length || !existing)
      await audit(c, services, body.organization_id, {
        action: existing ? 'agent.update' : 'agent.create',
        target: { type: 'agent', id: agentName },
        changes,
      });
    const row = await findAgentForUser(db, user.id, agentName);
    return c.json({
      success: true,
      message: existing ? 'Agent updated successfully' : 'Agent created successfully',
      agent: agentToWire(row.agent, row.appId, secrets, row.agentType),
    });
  });

  app.get('/info/:agentName', async (c) => {
    const agentName = check(agentNameSchema, c.req.param('agentName'), 'agentName');
    const row = await findAgentForUser(db, c.get('user').id, agentName);
    return c.json(agentToWire(row.agent, row.appId, secrets, row.agentType));
  });

  app.get('/by-org/:orgId', async (c) => {
    const orgId = c.req.param('orgId');
    await requireMembership(db, c.get('user').id, orgId);
    // The answer (its JSON and each compressed form) is cached per organization until one of its
    // agents or apps changes.
    const json = await cachedRead(
      db,
      `agent-list:${orgId}`,
      [tags.agents(orgId), tags.organization(orgId)],
      async () => {
        const rows = await listAgentsOfOrg(db, orgId);
        const wire = rows.map((r) => agentToWire(r.agent, r.appId, secrets, r.agentType));
        return new ReusableJson(JSON.stringify({ agents: wire }));
      },
    );
    return reusableJsonAnswer(c, json);
  });

  app.delete('/delete/:agentName', async (c) => {
    const agentName = check(agentNameSchema, c.req.param('agentName'), 'agentName');
    const row = await findAgentForUser(db, c.get('user').id, agentName);
    await deleteAgents(db, row.agent.organizationId, [agentName]);
    await audit(c, services, row.agent.organizationId, {
      action: 'agent.delete',
      target: { type: 'agent', id: agentName },
    });
    return c.json({ success: true, message: `Agent ${agentName} deleted successfully` });
  });

  /** With `agent_name`: delete that agent of the org; without: every agent of the org. */
  app.delete('/delete-by-org/:orgId', async (c) => {
    const orgId = c.req.param('orgId');
    await requireMembership(db, c.get('user').id, orgId);
    const body = await readJson(c, agentDeleteByOrgRequestSchema);
    if (body.agent_name) {
      const count = await deleteAgents(db, orgId, [body.agent_name]);
      if (count === 0) throw notFound('Agent');
      await audit(c, services, orgId, {
        action: 'agent.delete',
        target: { type: 'agent', id: body.agent_name },
      });
      return c.json({ success: true, message: `Agent ${body.agent_name} deleted successfully` });
    }
    await requireRole(
      db,
      c.get('user').id,
      orgId,
      managers,
      'delete every agent of the organization',
    );
    const rows = await listAgentsOfOrg(db, orgId);
    const count = await deleteAgents(
      db,
      orgId,
      rows.map((r) => r.agent.agentName),
    );
    for (const r of rows)
      await audit(c, services, orgId, {
        action: 'agent.delete',
        target: { type: 'agent', id: r.agent.agentName },
      });
    return c.json({ success: true, message: `${count} agent(s) deleted` });
  });

  return app;
}
