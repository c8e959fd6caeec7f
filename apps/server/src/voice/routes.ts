import { Hono } from 'hono';
import type { AppEnv, Services } from '../lib/env';
import { requireMembership } from '../lib/tenancy';
import { z } from 'zod';
import { agentNameSchema } from '@parley/api-client';
import { agentsKeyedByPrefix, findAgentForUser, listAgentsOfOrg } from '../lib/agents';
import { check } from '../lib/http';
import { callForUser, listCalls } from './callLog';

/** The voice backend under /voice (session-authorised): agents by org, the call log. */
export function voiceRoutes({ db }: Services) {
  const app = new Hono<AppEnv>();
  app.get('/agents/by-org/:org', async (c) => {
    const org = c.req.param('org');
    await requireMembership(db, c.get('user').id, org);
    return c.json({ agents: agentsKeyedByPrefix(await listAgentsOfOrg(db, org)) });
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
