import type { TelephonyStatus } from '@parley/api-client';
import type { Services } from '../lib/env';
import { integrationCredentials } from '../integrations/store';
import { sharedProvidersServe } from '../lib/sharedProviders';

// The install's public URL is plumbing (lib/publicUrl.ts); named here too for telephony's callers.
export { publicUrlOf } from '../lib/publicUrl';
import type { TelephonyProvider } from './provider';
import { createSandboxProvider } from './sandbox';
import { createTwilioProvider, type TwilioOptions } from './twilio';

export interface ResolvedTelephony {
  provider: TelephonyProvider;
  status: TelephonyStatus;
}

/** Server-wide Twilio credentials (the fallback for a one-organization install), or null. */
export function serverTwilioCredentials(env: Record<string, string | undefined>) {
  const accountSid = env.TWILIO_ACCOUNT_SID?.trim();
  const authToken = env.TWILIO_AUTH_TOKEN?.trim();
  return accountSid && authToken ? { accountSid, authToken } : null;
}

/** Whether the install has shared telephony: the operator's Twilio account or configured numbers. */
export function sharedTelephonyConfigured(env: Record<string, string | undefined>): boolean {
  return Boolean(serverTwilioCredentials(env) || env.PARLEY_SANDBOX_NUMBERS?.trim());
}

/**
 * The organization's telephony provider: its own Twilio integration, else the server's
 * TWILIO_ACCOUNT_SID/TWILIO_AUTH_TOKEN, else the sandbox (the default; no account needed).
 * The server's account and configured sandbox numbers are shared provider resources: they serve
 * the install's first organization and those PARLEY_SHARED_PROVIDER_ORGS lists; any other
 * organization gets the sandbox with its own fictional numbers (status.shared says why).
 */
export async function telephonyFor(
  services: Pick<Services, 'db' | 'secrets' | 'env'>,
  orgId: string,
  twilioOptions: TwilioOptions = {},
): Promise<ResolvedTelephony> {
  const own = await integrationCredentials(services.db, services.secrets, orgId, 'twilio');
  const configured = sharedTelephonyConfigured(services.env);
  if (own?.account_sid && own.auth_token) {
    return {
      provider: createTwilioProvider(
        { accountSid: own.account_sid, authToken: own.auth_token },
        twilioOptions,
      ),
      status: {
        provider: 'twilio',
        sandbox: false,
        credentials: 'organization',
        shared: { configured, served: false },
      },
    };
  }
  const served = configured && (await sharedProvidersServe(services.db, services.env, orgId));
  const shared = { configured, served };
  const server = served ? serverTwilioCredentials(services.env) : null;
  if (server) {
    return {
      provider: { ...createTwilioProvider(server, twilioOptions), shared: true },
      status: { provider: 'twilio', sandbox: false, credentials: 'server', shared },
    };
  }
  const numbers = served ? services.env.PARLEY_SANDBOX_NUMBERS?.trim() : undefined;
  const env = { ...services.env, PARLEY_SANDBOX_NUMBERS: numbers };
  return {
    provider: { ...createSandboxProvider(services.db, orgId, env), shared: Boolean(numbers) },
    status: { provider: 'sandbox', sandbox: true, credentials: 'none', shared },
  };
}
