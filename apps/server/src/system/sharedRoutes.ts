import { Hono } from 'hono';
import type { SharedProviders } from '@parley/api-client';
import type { AppEnv, Services } from '../lib/env';
import { requireMembershipByKey } from '../lib/orgKey';
import { sharedProvidersServe } from '../lib/sharedProviders';
import { providerEnvKeys, providerIds } from '../runtime/model';
import { voiceProviderEnvKeys } from '../voice/providerKeys';
import { serverTwilioCredentials } from '../telephony/resolve';

/** Which shared provider resources the install has, and whether they serve the organization. */
export function sharedProvidersOf(env: Record<string, string | undefined>) {
  const has = (name: string | undefined) => Boolean(name && env[name]?.trim());
  return {
    model_providers: providerIds.filter((p) => has(providerEnvKeys[p])),
    voice_providers: Object.keys(voiceProviderEnvKeys).filter(
      (p) => has(voiceProviderEnvKeys[p]) || (p === 'elevenlabs' && has('ELEVENLABS_API_KEY')),
    ),
    twilio: Boolean(serverTwilioCredentials(env)),
    sandbox_numbers: has('PARLEY_SANDBOX_NUMBERS'),
  };
}

/** GET /api/shared-providers/{org} (the organization's id or name). */
export function sharedProviderRoutes({ db, env, requireSession }: Services) {
  const app = new Hono<AppEnv>();
  app.use('*', requireSession);
  app.get('/:org', async (c) => {
    const { orgId } = await requireMembershipByKey(db, c.get('user').id, c.req.param('org'));
    const answer: SharedProviders = {
      organization_id: orgId,
      served: await sharedProvidersServe(db, env, orgId),
      ...sharedProvidersOf(env),
    };
    return c.json(answer);
  });
  return app;
}
