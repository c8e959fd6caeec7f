import { Hono } from 'hono';
import type { AppEnv, Services } from '../lib/env';
import { requireMembership } from '../lib/tenancy';
import { agentsKeyedByPrefix, listAgentsOfOrg } from '../lib/agents';

/** The voice backend under /voice (agents by org now; tokens, numbers and schedules later). */
export function voiceRoutes({ db }: Services) {
  const app = new Hono<AppEnv>();
  app.get('/agents/by-org/:org', async (c) => {
    const org = c.req.param('org');
    await requireMembership(db, c.get('user').id, org);
    return c.json({ agents: agentsKeyedByPrefix(await listAgentsOfOrg(db, org)) });
  });
  return app;
}
