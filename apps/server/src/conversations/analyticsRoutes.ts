import { Hono } from 'hono';
import { analyticsQuerySchema } from '@parley/api-client';
import type { AppEnv, Services } from '../lib/env';
import { agentOfMember } from '../agents/store';
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
    const agent = await agentOfMember(db, c.get('user').id, c.req.param('agentId'));
    return c.json(
      version
        ? await agentAnalyticsForVersion(db, agent, period, version)
        : await agentAnalytics(db, agent, period),
    );
  });
  return app;
}
