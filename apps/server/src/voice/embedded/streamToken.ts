import type { VoiceTokenResponse } from '@parley/api-client';
import { voiceStreamPath } from '@parley/api-client';
import {
  encodeCallToken,
  signCallToken,
  streamCallTokenTtlSeconds,
} from '@parley/api-client/call-token';
import type { agents } from '../../db/schema';
import type { Services } from '../../lib/env';
import { HttpError } from '../../lib/http';
import { envForOrg } from '../../lib/sharedProviders';
import { orgVoiceKeys, workerConfigOf } from '../callLog';
import type { EmbeddedVoice } from './index';
import { localSpeech, speechProblem } from './speech';

type AgentRow = typeof agents.$inferSelect;

export const noFreeCallSlot =
  'This server is taking as many voice calls as it can: try again in a moment.';

/**
 * The WebSocket answer of POST /voice/tokens/generate (no LiveKit): checks that a call of this
 * agent can speak and listen here (503 naming what to install or set), holds one of the
 * process's call slots (503 with Retry-After when none is free), and signs a single-use token
 * naming the agent, the organization and the caller, valid for a minute, into the stream URL:
 * `ws(s)://{PUBLIC_URL or the request's origin}/voice/stream?token=…`.
 */
export async function streamToken(
  services: Services,
  voice: EmbeddedVoice,
  agent: AgentRow,
  request: { caller: string; origin: string },
): Promise<VoiceTokenResponse> {
  const unavailable = voice.unavailable();
  if (unavailable) throw new HttpError(503, unavailable);
  const env = await envForOrg(services.db, services.env, agent.organizationId);
  const config = workerConfigOf(
    agent,
    env,
    await orgVoiceKeys(services.db, services.secrets, agent),
  );
  // The server's PATH (a test server's env may name another).
  const problem = speechProblem(config, localSpeech(services.env.PATH ?? process.env.PATH));
  if (problem) throw new HttpError(503, problem);
  const token = signCallToken(
    voice.secret,
    {
      transport: 'websocket',
      agent_id: agent.agentName,
      organization_id: agent.organizationId,
      caller: request.caller,
    },
    { ttlSeconds: streamCallTokenTtlSeconds },
  );
  const expiresAt = Number(token.expires) * 1000;
  if (!voice.slots.reserve(token.nonce, expiresAt))
    throw new HttpError(503, noFreeCallSlot, { retryAfter: voice.slots.retryAfterSeconds() });
  const base = (services.env.PUBLIC_URL?.trim().replace(/\/+$/, '') || request.origin).replace(
    /^http/i,
    'ws',
  );
  return {
    transport: 'websocket',
    url: `${base}${voiceStreamPath}?token=${encodeCallToken(token)}`,
    expires_at: new Date(expiresAt).toISOString(),
    agent_name: agent.agentName,
  };
}
