import { Hono } from 'hono';
import { AccessToken, RoomAgentDispatch, RoomConfiguration } from 'livekit-server-sdk';
import { agentNameSchema } from '@parley/api-client';
import {
  roomCallTokenTtlSeconds,
  signCallToken,
  voiceWorkerName,
} from '@parley/api-client/call-token';
import type { Services } from '../lib/env';
import { check, HttpError, notFound } from '../lib/http';
import { findAgentForUser } from '../agents/store';
import { agentForKey } from '../runtime/chat';
import { consoleCallerPrefix, consoleLiveCallerPrefix, widgetCallerPrefix } from './callLog';
import { streamToken } from './embedded/streamToken';
import type { agents } from '../db/schema';

type AgentRow = typeof agents.$inferSelect;
import {
  assertOriginAllowed,
  publicCors,
  publicLimitsFrom,
  publicRateLimits,
} from '../lib/publicAccess';

export const voiceNotConfigured =
  'Voice is not configured on this server: set LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET and restart it.';

/**
 * POST /voice/tokens/generate?agent_name=… — how the caller joins: with LiveKit settings, a
 * LiveKit token that dispatches the voice worker into a fresh room (`transport: 'livekit'`);
 * without them, the server's own WebSocket stream (`transport: 'websocket'`, see
 * embedded/streamToken.ts), or 503 with a `detail` saying what to install or set. Authorised by
 * the signed-in session (console: the call answers with the
 * agent's draft, or its live version with `&version=live`) or the agent's publishable key as bearer token (voice widget).
 */
export function voiceTokenRoutes(services: Services) {
  const app = new Hono();
  app.use('/*', publicCors(['POST', 'OPTIONS']));
  const limits = publicLimitsFrom(services.env);
  for (const limit of publicRateLimits(limits, 'voice-token', services.rateLimits))
    app.post('/generate', limit);
  app.post('/generate', async (c) => {
    const agentName = check(agentNameSchema, c.req.query('agent_name') ?? '', 'agent_name');
    const auth = c.req.header('Authorization');
    // The identity says where the caller is (the call log's browser / widget column).
    let callerPrefix = widgetCallerPrefix;
    let agent: AgentRow;
    if (auth?.toLowerCase().startsWith('bearer ')) {
      agent = await agentForKey(services.db, auth.slice(7).trim());
      if (agent.agentName !== agentName) throw notFound('Agent');
      assertOriginAllowed(c.req.header('Origin'), agent.allowedOrigins);
    } else {
      const session = await services.auth.api.getSession({ headers: c.req.raw.headers });
      if (!session) throw new HttpError(401, 'Unauthorized');
      ({ agent } = await findAgentForUser(services.db, session.user.id, agentName));
      // The console's test call answers with the draft; `version=live` asks for the live version.
      const version = c.req.query('version') ?? 'draft';
      if (version !== 'draft' && version !== 'live')
        throw new HttpError(400, "version: must be 'draft' or 'live'", {
          issues: [{ field: 'version', message: "must be 'draft' or 'live'" }],
        });
      callerPrefix = version === 'live' ? consoleLiveCallerPrefix : consoleCallerPrefix;
    }
    const organizationId = agent.organizationId;
    const { LIVEKIT_URL: url, LIVEKIT_API_KEY: key, LIVEKIT_API_SECRET: secret } = services.env;
    if (!url || !key || !secret) {
      if (!services.embeddedVoice) throw new HttpError(503, voiceNotConfigured);
      return c.json(
        await streamToken(services, services.embeddedVoice, agent, {
          caller: `${callerPrefix}${crypto.randomUUID().slice(0, 8)}`,
          origin: new URL(c.req.url).origin,
        }),
      );
    }

    const suffix = crypto.randomUUID().slice(0, 8);
    const identity = `${callerPrefix}${suffix}`;
    const roomName = `parley-${agentName}-${suffix}`;
    const token = new AccessToken(key, secret, { identity, name: 'Visitor', ttl: '15m' });
    token.addGrant({
      room: roomName,
      roomJoin: true,
      canPublish: true,
      canSubscribe: true,
      canPublishData: true,
    });
    // The worker takes this room's call (and only this one) with the call token, once.
    const workerSecret = services.env.PARLEY_WORKER_SECRET;
    const callToken = workerSecret
      ? signCallToken(
          workerSecret,
          {
            transport: 'livekit',
            agent_id: agentName,
            organization_id: organizationId,
            room: roomName,
            caller: identity,
          },
          { ttlSeconds: roomCallTokenTtlSeconds },
        )
      : undefined;
    token.roomConfig = new RoomConfiguration({
      agents: [
        new RoomAgentDispatch({
          agentName: voiceWorkerName,
          metadata: JSON.stringify({ agent_name: agentName, call_token: callToken }),
        }),
      ],
    });
    return c.json({
      transport: 'livekit',
      token: await token.toJwt(),
      livekit_url: url,
      room_name: roomName,
      agent_name: agentName,
      participant_identity: identity,
      participant_name: 'Visitor',
    });
  });
  return app;
}
