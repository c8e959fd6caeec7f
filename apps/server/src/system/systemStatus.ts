import { and, count, eq, isNotNull, or, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { SystemStatus } from '@parley/api-client';
import { agents } from '../db/schema';
import { mailboxes } from '../db/schema-mail';
import type { AppEnv, Services } from '../lib/env';
import { requireMembershipByKey } from '../lib/orgKey';
import { sharedProvidersServe } from '../lib/sharedProviders';
import { providerEnvKeys, providerIds } from '../runtime/model';
import { telephonyFor } from '../telephony/resolve';
import { listIntegrations } from '../integrations/store';
import { voiceNotConfigured } from '../voice/tokenRoutes';
import { localSpeech, orgSpeechProblem } from '../voice/embedded/speech';

/** Why voice calls cannot start on this server (LiveKit not configured). */
export const voiceUnavailableReason =
  'Voice calls are not set up on this server (LiveKit is not configured).';

/**
 * Whether a voice call ('Talk to Agent', the voice widget) can start on this server, and why
 * not. Today a call goes through LiveKit, so it is available when LiveKit is configured.
 */
export function voiceAvailability(env: Services['env']): SystemStatus['voice'] {
  const has = (name: string) => Boolean(env[name]?.trim());
  return has('LIVEKIT_URL') && has('LIVEKIT_API_KEY') && has('LIVEKIT_API_SECRET')
    ? { available: true }
    : { available: false, reason: voiceUnavailableReason };
}

/**
 * What is really configured for one organization (the Overview's System Status panel): model
 * keys, LiveKit, telephony and mail. Only names and counts: no secret leaves the server.
 */
export async function systemStatusOf(services: Services, orgId: string): Promise<SystemStatus> {
  const { db, env } = services;
  const has = (name: string) => Boolean(env[name]?.trim());
  const served = await sharedProvidersServe(db, env, orgId);
  const own = new Set((await listIntegrations(db, orgId)).map((row) => row.provider));
  const providers = providerIds.filter((p) => own.has(p) || (served && has(providerEnvKeys[p])));
  const [agentKeys] = await db
    .select({ n: count() })
    .from(agents)
    .where(
      and(
        eq(agents.organizationId, orgId),
        isNotNull(agents.modelApiKey),
        sql`${agents.modelApiKey} <> ''`,
      ),
    );
  const [mail] = await db
    .select({
      total: count(),
      withServers: count(
        sql`CASE WHEN ${or(isNotNull(mailboxes.smtpEncrypted), isNotNull(mailboxes.imapEncrypted))} THEN 1 END`,
      ),
    })
    .from(mailboxes)
    .where(eq(mailboxes.organizationId, orgId));
  const telephony = (await telephonyFor(services, orgId)).status;
  const withOwnKey = Number(agentKeys?.n ?? 0);
  const livekit = has('LIVEKIT_URL') && has('LIVEKIT_API_KEY') && has('LIVEKIT_API_SECRET');
  const withServers = Number(mail?.withServers ?? 0);
  return {
    organization_id: orgId,
    model_keys: {
      configured: providers.length > 0 || withOwnKey > 0,
      providers,
      agents_with_own_key: withOwnKey,
    },
    livekit: { configured: livekit },
    voice: livekit ? { available: true } : embeddedVoiceStatus(services, served, own),
    telephony: {
      configured: !telephony.sandbox,
      provider: telephony.provider,
      credentials: telephony.credentials,
    },
    mail: {
      configured: withServers > 0,
      mailboxes: Number(mail?.total ?? 0),
      mailboxes_with_servers: withServers,
      install_mailer: has('PARLEY_SMTP_URL'),
    },
  };
}

/** Integrations providers (and server keys) → the voice providers whose keys calls could use. */
const voiceKeySources: Array<[provider: string, integration: string, envKey: string]> = [
  ['openai', 'openai', 'OPENAI_API_KEY'],
  ['elevenlabs', 'elevenlabs', 'ELEVEN_API_KEY'],
  ['elevenlabs', 'elevenlabs', 'ELEVENLABS_API_KEY'],
  ['cartesian', 'cartesia', 'CARTESIA_API_KEY'],
  ['deepgram', 'deepgram', 'DEEPGRAM_API_KEY'],
];

/**
 * Voice without LiveKit: the embedded WebSocket transport can serve when it is on, the voice
 * worker is installed, and calls can speak and listen (the local tools, or a voice and a
 * transcriber provider key the organization can use).
 */
function embeddedVoiceStatus(
  services: Services,
  served: boolean,
  own: Set<string>,
): SystemStatus['voice'] {
  const unavailable = services.embeddedVoice
    ? services.embeddedVoice.unavailable()
    : voiceNotConfigured;
  if (unavailable) return { available: false, reason: unavailable };
  const keys = new Set(
    voiceKeySources
      .filter(
        ([, integration, envKey]) =>
          own.has(integration) || (served && services.env[envKey]?.trim()),
      )
      .map(([provider]) => provider),
  );
  const problem = orgSpeechProblem(localSpeech(services.env.PATH ?? process.env.PATH), keys);
  return problem ? { available: false, reason: problem } : { available: true };
}

/** GET /api/system-status/{org} (the organization's id or name; a member of it). */
export function systemStatusRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.use('*', services.requireSession);
  app.get('/:org', async (c) => {
    const { orgId } = await requireMembershipByKey(
      services.db,
      c.get('user').id,
      c.req.param('org'),
    );
    return c.json(await systemStatusOf(services, orgId));
  });
  return app;
}
