import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { AccessToken, RoomAgentDispatch, RoomConfiguration } from 'livekit-server-sdk';
import { agentNameSchema } from '@parley/api-client';
import type { Services } from '../lib/env';
import { check, HttpError, notFound } from '../lib/http';
import { findAgentForUser } from '../lib/agents';
import { agentForKey } from '../runtime/chat';
import { consoleCallerPrefix, widgetCallerPrefix } from './callLog';
import { assertOriginAllowed, publicLimitsFrom, publicRateLimits } from '../lib/publicAccess';

/** The LiveKit worker that joins voice rooms (apps/voice-agent registers under this name). */
export const voiceWorkerName = 'parley-voice-agent';

export const voiceNotConfigured =
  'Voice is not configured on this server: set LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET and restart it.';

/**
 * POST /voice/tokens/generate?agent_name=… — a LiveKit token that dispatches the voice worker
 * into a fresh room. Authorised by the signed-in session (console) or the agent's publishable
 * key as bearer token (voice widget). Without LiveKit settings: 503 with a `detail` saying what to set.
 */
export function voiceTokenRoutes(services: Services) {
  const app = new Hono();
  app.use(
    '/*',
    cors({
      origin: '*',
      allowHeaders: ['Authorization', 'Content-Type'],
      allowMethods: ['POST', 'OPTIONS'],
    }),
  );
  for (const limit of publicRateLimits(publicLimitsFrom(services.env)))
    app.post('/generate', limit);
  app.post('/generate', async (c) => {
    const agentName = check(agentNameSchema, c.req.query('agent_name') ?? '', 'agent_name');
    const auth = c.req.header('Authorization');
    // The identity says where the caller is (the call log's browser / widget column).
    let callerPrefix = widgetCallerPrefix;
    if (auth?.toLowerCase().startsWith('bearer ')) {
      const agent = await agentForKey(services.db, auth.slice(7).trim());
      if (agent.agentName !== agentName) throw notFound('Agent');
      assertOriginAllowed(c.req.header('Origin'), agent.allowedOrigins);
    } else {
      const session = await services.auth.api.getSession({ headers: c.req.raw.headers });
      if (!session) throw new HttpError(401, 'Unauthorized');
      await findAgentForUser(services.db, session.user.id, agentName);
      callerPrefix = consoleCallerPrefix;
    }
    const { LIVEKIT_URL: url, LIVEKIT_API_KEY: key, LIVEKIT_API_SECRET: secret } = services.env;
    if (!url || !key || !secret) throw new HttpError(503, voiceNotConfigured);

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
    token.roomConfig = new RoomConfiguration({
      agents: [
        new RoomAgentDispatch({
          agentName: voiceWorkerName,
          metadata: JSON.stringify({ agent_name: agentName }),
        }),
      ],
    });
    return c.json({
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
