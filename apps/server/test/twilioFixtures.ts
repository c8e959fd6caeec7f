import { expect } from 'vitest';
import twilio from 'twilio';
import type { FakeTwilioAccount } from '../src/telephony/fakeTwilio';
import type { TestUser } from './harness';

/** The PUBLIC_URL of a Twilio test's server: Twilio signs a webhook for the address it called. */
export const twilioPublicUrl = 'https://parley.example.com';

/** The environment of a server that places and answers Twilio calls (its voice worker's stream). */
export const twilioCallsEnv = {
  PUBLIC_URL: twilioPublicUrl,
  PARLEY_WORKER_SECRET: 'worker-secret',
  PARLEY_PHONE_STREAM_URL: 'wss://voice.example.com/phone/stream',
};

type FakeNumber = FakeTwilioAccount['numbers'][number];

/** A number of a fake Twilio account. */
export function twilioNumber(
  sid: string,
  phone_number: string,
  friendly_name: string,
  capabilities: FakeNumber['capabilities'],
): FakeNumber {
  return { sid, phone_number, friendly_name, capabilities };
}

/** Saves the organization's Twilio credentials (the server must answer 200). */
export async function connectTwilio(
  user: TestUser,
  orgId: string,
  credentials: { account_sid: string; auth_token: string },
) {
  const res = await user.raw('PUT', `/api/integrations/organization/${orgId}/twilio`, {
    credentials,
  });
  expect(res.status).toBe(200);
}

/**
 * Posts a form webhook to `serverUrl` + `path` as Twilio would: signed with `token` for
 * `signedFor` (default: the path under the PUBLIC_URL); `tamper` changes fields after signing,
 * `noSignature` leaves the signature out.
 */
export function postTwilioForm(
  serverUrl: string,
  path: string,
  params: Record<string, string>,
  options: {
    token: string;
    signedFor?: string;
    tamper?: Record<string, string>;
    noSignature?: boolean;
  },
): Promise<Response> {
  const signature = twilio.getExpectedTwilioSignature(
    options.token,
    options.signedFor ?? `${twilioPublicUrl}${path}`,
    params,
  );
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
  if (!options.noSignature) headers['X-Twilio-Signature'] = signature;
  return fetch(`${serverUrl}${path}`, {
    method: 'POST',
    headers,
    body: new URLSearchParams({ ...params, ...options.tamper }),
  });
}
