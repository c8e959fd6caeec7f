import type { TelephonyStatus } from '@parley/api-client';
import type { Services } from '../lib/env';
import { integrationCredentials } from '../integrations/store';
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

/**
 * The organization's telephony provider: its own Twilio integration, else the server's
 * TWILIO_ACCOUNT_SID/TWILIO_AUTH_TOKEN, else the sandbox (the default; no account needed).
 */
export async function telephonyFor(
  services: Pick<Services, 'db' | 'secrets' | 'env'>,
  orgId: string,
  twilioOptions: TwilioOptions = {},
): Promise<ResolvedTelephony> {
  const own = await integrationCredentials(services.db, services.secrets, orgId, 'twilio');
  if (own?.account_sid && own.auth_token) {
    return {
      provider: createTwilioProvider(
        { accountSid: own.account_sid, authToken: own.auth_token },
        twilioOptions,
      ),
      status: { provider: 'twilio', sandbox: false, credentials: 'organization' },
    };
  }
  const server = serverTwilioCredentials(services.env);
  if (server) {
    return {
      provider: createTwilioProvider(server, twilioOptions),
      status: { provider: 'twilio', sandbox: false, credentials: 'server' },
    };
  }
  return {
    provider: createSandboxProvider(services.db, orgId, services.env),
    status: { provider: 'sandbox', sandbox: true, credentials: 'none' },
  };
}

/** PUBLIC_URL without a trailing slash, or null when unset. */
export function publicUrlOf(env: Record<string, string | undefined>): string | null {
  const value = env.PUBLIC_URL?.trim();
  return value ? value.replace(/\/+$/, '') : null;
}
