import { Hono } from 'hono';
import { count, eq } from 'drizzle-orm';
import {
  agentNameSchema,
  mcpToolsRequestSchema,
  toolSaveRequestSchema,
  toolTestRequestSchema,
} from '@parley/api-client';
import type { AppEnv, Services } from '../lib/env';
import { check, readJson } from '../lib/http';
import { agentTools, type agents } from '../db/schema';
import { HttpError } from '../lib/http';
import {
  assertToolNameFree,
  findTool,
  listTools,
  maxToolsPerAgent,
  nameTaken,
  toolToWire,
  toolValues,
} from './store';
import { mcpToolsForEditor, testTool } from './testTool';
import { audit, changesBetween } from '../audit/log';

/**
 * The agent a member may build (agents/store.ts `findAgentForUser`: the caller's organization's,
 * else 404), given by app.ts: tools/ comes before agents/.
 */
export type FindAgentForUser = (
  db: Services['db'],
  userId: string,
  agentName: string,
) => Promise<{ agent: typeof agents.$inferSelect }>;

/**
 * An agent's tools under /api/agents/{agentName}/tools (docs/tools.md): every member of the
 * agent's organization builds them, as the agent itself; another organization's agent is 404.
 */
export function toolRoutes(services: Services, findAgentForUser: FindAgentForUser) {
  const { db, secrets, env } = services;
  const app = new Hono<AppEnv>();
  app.use('*', services.requireSession);

  async function agentOf(c: {
    req: { param(name: string): string };
    get(key: 'user'): { id: string };
  }) {
    const agentName = check(agentNameSchema, c.req.param('agentName'), 'agentName');
    const { agent } = await findAgentForUser(db, c.get('user').id, agentName);
    return agent;
  }

  app.get('/:agentName/tools', async (c) => {
    const agent = await agentOf(c);
    const rows = await listTools(db, agent.organizationId, agent.agentName);
    return c.json({ tools: rows.map((r) => toolToWire(r, secrets)) });
  });

  app.post('/:agentName/tools', async (c) => {
    const agent = await agentOf(c);
    const body = await readJson(c, toolSaveRequestSchema);
    await assertToolNameFree(db, agent, body.name);
    const [{ n } = { n: 0 }] = await db
      .select({ n: count() })
      .from(agentTools)
      .where(eq(agentTools.agentName, agent.agentName));
    if (n >= maxToolsPerAgent)
      throw new HttpError(400, `name: an agent has at most ${maxToolsPerAgent} tools`, {
        issues: [{ field: 'name', message: `an agent has at most ${maxToolsPerAgent} tools` }],
      });
    const values = await toolValues(body, secrets, env);
    const [row] = await db
      .insert(agentTools)
      .values({ ...values, organizationId: agent.organizationId, agentName: agent.agentName })
      .onConflictDoNothing()
      .returning();
    if (!row) throw nameTaken(body.name);
    await audit(c, services, agent.organizationId, {
      action: 'agent.tool.create',
      target: { type: 'agent', id: agent.agentName },
      changes: changesBetween(null, values, { secrets: ['secretHeaders'] }),
    });
    return c.json({ success: true as const, tool: toolToWire(row, secrets) }, 201);
  });

  app.put('/:agentName/tools/:id', async (c) => {
    const agent = await agentOf(c);
    const existing = await findTool(db, agent.organizationId, agent.agentName, c.req.param('id'));
    const body = await readJson(c, toolSaveRequestSchema);
    await assertToolNameFree(db, agent, body.name, existing.id);
    const values = await toolValues(body, secrets, env, existing);
    const [row] = await db
      .update(agentTools)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(agentTools.id, existing.id))
      .returning();
    await audit(c, services, agent.organizationId, {
      action: 'agent.tool.update',
      target: { type: 'agent', id: agent.agentName },
      changes: changesBetween(existing, values, {
        only: Object.keys(values),
        secrets: ['secretHeaders'],
      }),
    });
    return c.json({ success: true as const, tool: toolToWire(row!, secrets) });
  });

  app.delete('/:agentName/tools/:id', async (c) => {
    const agent = await agentOf(c);
    const existing = await findTool(db, agent.organizationId, agent.agentName, c.req.param('id'));
    await db.delete(agentTools).where(eq(agentTools.id, existing.id));
    await audit(c, services, agent.organizationId, {
      action: 'agent.tool.delete',
      target: { type: 'agent', id: agent.agentName },
      changes: [{ field: 'tool', before: existing.name, after: null }],
    });
    return c.json({ success: true as const });
  });

  app.post('/:agentName/tools/mcp-tools', async (c) => {
    const agent = await agentOf(c);
    const body = await readJson(c, mcpToolsRequestSchema);
    const stored = body.tool_id
      ? await findTool(db, agent.organizationId, agent.agentName, body.tool_id)
      : undefined;
    return c.json(await mcpToolsForEditor(services, body, stored, c.req.raw.signal));
  });

  app.post('/:agentName/tools/:id/test', async (c) => {
    const agent = await agentOf(c);
    const row = await findTool(db, agent.organizationId, agent.agentName, c.req.param('id'));
    const body = await readJson(c, toolTestRequestSchema);
    return c.json(await testTool(services, agent, row, body.arguments, c.req.raw.signal));
  });

  return app;
}
