import { Hono } from 'hono';
import type { AppEnv, Services } from '../lib/env';
import { requireMembershipByKey } from '../lib/orgKey';
import { z } from 'zod';
import { agentNameSchema } from '@parley/api-client';
import { agentsKeyedByPrefix, findAgentForUser, listAgentsOfOrg } from '../agents/store';
import { check } from '../lib/http';
import { callForUser, listCalls } from './callLog';

/** The voice backend under /voice (session-authorised): agents by org, the call log. */
export function voiceRoutes({ db, requireSession }: Services) {
  const app = new Hono<AppEnv>();
  app.use('*', requireSession);
  app.get('/agents/by-org/:org', async (c) => {
    // The organization's id or its name (§6).
    const { orgId } = await requireMembershipByKey(db, c.get('user').id, c.req.param('org'));
    return c.json({ agents: agentsKeyedByPrefix(await listAgentsOfOrg(db, orgId)) });
  });
  /** The agent's calls, newest first; another organization's agent answers 404. */
  app.get('/calls/agent/:agentId', async (c) => {
    const agentName = check(agentNameSchema, c.req.param('agentId'), 'agentId');
    const { agent } = await findAgentForUser(db, c.get('user').id, agentName);
    return c.json({ calls: await listCalls(db, agent) });
  });
  /** One call with its transcript, turn by turn. */
  app.get('/calls/:conversationId', async (c) => {
    const id = check(
      z.uuid('must be a call id (UUID)'),
      c.req.param('conversationId'),
      'conversationId',
    );
    return c.json(await callForUser(db, c.get('user').id, id));
  });
  return app;
}
