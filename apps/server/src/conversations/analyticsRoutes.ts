import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { analyticsQuerySchema } from '@parley/api-client';
import { agents } from '../db/schema';
import type { AppEnv, Services } from '../lib/env';
import { HttpError } from '../lib/http';
import { requireMembership } from '../lib/tenancy';
import { agentAnalytics } from './analytics';
import { agentAnalyticsForVersion } from './analyticsByVersion';
import { readQuery } from './routes';

/**
 * GET /api/analytics/agents/{agentId}?period=24h|7d|30d[&version=N|draft] (session; another
 * organization's agent → 404).
 */
export function analyticsRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  app.use('*', services.requireSession);
  app.get('/agents/:agentId', async (c) => {
    const { period, version } = readQuery(c, analyticsQuerySchema);
    const agentNotFound = () => new HttpError(404, 'Agent not found');
    const [agent] = await db
      .select({
        agentName: agents.agentName,
        organizationId: agents.organizationId,
        knowledgeBaseIds: agents.knowledgeBaseIds,
      })
      .from(agents)
      .where(eq(agents.agentName, c.req.param('agentId')))
      .limit(1);
    if (!agent) throw agentNotFound();
    await requireMembership(db, c.get('user').id, agent.organizationId).catch(() => {
      throw agentNotFound();
    });
    return c.json(
      version
        ? await agentAnalyticsForVersion(db, agent, period, version)
        : await agentAnalytics(db, agent, period),
    );
  });
  return app;
}
