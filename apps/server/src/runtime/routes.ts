import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { agentDisplayName, agentNameSchema } from '@parley/api-client';
import { and, eq } from 'drizzle-orm';
import { agents, apps } from '../db/schema';
import type { Services } from '../lib/env';
import { check, notFound } from '../lib/http';
import { agentForKey, liveAgent, type RuntimeDeps } from '../runtime/chat';
import {
  assertOriginAllowed,
  publicLimitsFrom,
  publicRateLimits,
  publicReadLimit,
} from '../lib/publicAccess';
import { bearer, difyRoutes } from './difyRoutes';
import { serveChatMessages } from './chatMessages';

/**
 * The visitor's calls of the rooms after the runtime, mounted under /v1 with the runtime's CORS
 * and per-IP limits (app.ts gives them: the runtime imports neither room).
 */
export interface VisitorRoutes {
  /** A conversation's live events and its messages (conversations/publicRoutes.ts). */
  conversationEvents: Hono;
  /** 'Talk to a person' (handoff/visitorRoutes.ts). */
  handoff: Hono;
}

/**
 * The agent runtime under /v1, compatible with Dify's service API: the agent key as bearer
 * token; blocking JSON or SSE streaming. Cross-origin by design (the widgets call it).
 */
export function runtimeRoutes(
  services: Services,
  visitor: VisitorRoutes,
  retrieve?: RuntimeDeps['retrieve'],
) {
  const deps: RuntimeDeps = { ...services, retrieve };
  const app = new Hono();
  app.use(
    '/*',
    cors({
      origin: '*',
      allowHeaders: ['Authorization', 'Content-Type'],
      allowMethods: ['POST', 'GET', 'DELETE', 'OPTIONS'],
    }),
  );

  for (const limit of publicRateLimits(
    publicLimitsFrom(services.env),
    'runtime',
    services.rateLimits,
  ))
    app.post('/chat-messages', limit);
  app.post('/chat-messages', async (c) => {
    // The agent's live version (the key cache holds it: no round trip).
    const agent = await agentForKey(services.db, bearer(c.req.header('Authorization')));
    assertOriginAllowed(c.req.header('Origin'), agent.allowedOrigins);
    return serveChatMessages(c, services, deps, agent);
  });

  // Reads per visitor IP too: the live events of a conversation and its messages.
  const readLimit = publicReadLimit(
    publicLimitsFrom(services.env),
    'runtime-read',
    services.rateLimits,
  );
  app.get('/conversations/:id/events', readLimit);
  app.get('/messages', readLimit);
  app.route('/', visitor.conversationEvents);
  // 'Talk to a person': limited per visitor IP like a chat message.
  for (const limit of publicRateLimits(
    publicLimitsFrom(services.env),
    'runtime',
    services.rateLimits,
  ))
    app.post('/conversations/:id/handoff', limit);
  app.route('/', visitor.handoff);
  app.route('/', difyRoutes(services));

  /** The public chat page's settings: only for active agents; the key is publishable by design. */
  app.get('/public/agents/:agentName', async (c) => {
    const agentName = check(agentNameSchema, c.req.param('agentName'), 'agentName');
    const [row] = await services.db
      .select({ agent: agents, appKey: apps.appKey })
      .from(agents)
      .innerJoin(
        apps,
        and(eq(apps.agentName, agents.agentName), eq(apps.organizationId, agents.organizationId)),
      )
      .where(and(eq(agents.agentName, agentName), eq(agents.status, 'active')))
      .limit(1);
    if (!row) throw notFound('Agent');
    const origin = new URL(c.req.url).origin;
    // The live version's greeting and 'Talk to a person' (the draft's until the first publish).
    const live = liveAgent(row.agent);
    return c.json({
      agent_name: row.agent.agentName,
      name: agentDisplayName({ id: row.agent.agentName, name: row.agent.name }),
      initial_message: live.initialMessage,
      api_url: `${origin}/v1`,
      api_key: row.appKey,
      talk_to_person: live.talkToPerson,
    });
  });

  return app;
}
