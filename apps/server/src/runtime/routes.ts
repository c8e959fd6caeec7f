import { Hono } from 'hono';
import { agentNameSchema } from '@parley/api-client';
import type { Services } from '../lib/env';
import { check, notFound } from '../lib/http';
import { agentForKey, type RuntimeDeps } from '../runtime/chat';
import { publicAgentOf } from './publicAgent';
import {
  assertOriginAllowed,
  publicCors,
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
  app.use('/*', publicCors(['POST', 'GET', 'DELETE', 'OPTIONS']));

  const limits = publicLimitsFrom(services.env);
  for (const limit of publicRateLimits(limits, 'runtime', services.rateLimits))
    app.post('/chat-messages', limit);
  app.post('/chat-messages', async (c) => {
    // The agent's live version (the key cache holds it: no round trip).
    const agent = await agentForKey(services.db, bearer(c.req.header('Authorization')));
    assertOriginAllowed(c.req.header('Origin'), agent.allowedOrigins);
    return serveChatMessages(c, services, deps, agent);
  });

  // Reads per visitor IP too: the live events of a conversation and its messages.
  const readLimit = publicReadLimit(limits, 'runtime-read', services.rateLimits);
  app.get('/conversations/:id/events', readLimit);
  app.get('/messages', readLimit);
  app.route('/', visitor.conversationEvents);
  // 'Talk to a person': limited per visitor IP like a chat message.
  for (const limit of publicRateLimits(limits, 'runtime', services.rateLimits))
    app.post('/conversations/:id/handoff', limit);
  app.route('/', visitor.handoff);
  app.route('/', difyRoutes(services));

  /** The public chat page's settings: only for active agents; the key is publishable by design. */
  app.get('/public/agents/:agentName', async (c) => {
    const agentName = check(agentNameSchema, c.req.param('agentName'), 'agentName');
    const found = await publicAgentOf(services.db, agentName);
    if (!found) throw notFound('Agent');
    const origin = new URL(c.req.url).origin;
    return c.json({
      agent_name: found.agent.agentName,
      name: found.name,
      initial_message: found.live.initialMessage,
      api_url: `${origin}/v1`,
      api_key: found.appKey,
      talk_to_person: found.live.talkToPerson,
    });
  });

  return app;
}
