import { expect } from 'vitest';
import twilio from 'twilio';
import { fakeTwilioHttpClient, type FakeTwilioAccount } from '../src/telephony/fakeTwilio';
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

/** A number of a fake Twilio account (its SID: `PN` then `sidEnd` zero-padded to 31 digits). */
export function twilioNumber(
  sidEnd: string,
  phone_number: string,
  friendly_name: string,
  capabilities: FakeNumber['capabilities'],
): FakeNumber {
  return { sid: `PN${sidEnd.padStart(31, '0')}`, phone_number, friendly_name, capabilities };
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

/**
 * A fake Twilio account of a test file: its SID, auth token, numbers and WhatsApp senders;
 * `fake`, the stand-in for Twilio's REST API that answers for it (install `fake.client` with
 * setTwilioHttpClient); `connect` saves its credentials for an organization; `post` sends a form
 * webhook signed with its token (or `options.token`) for the PUBLIC_URL, `publicUrl`.
 */
export function fakeTwilioAccount(
  accountSid: string,
  authToken: string,
  numbers: FakeNumber[],
  whatsappSenders: FakeTwilioAccount['whatsappSenders'] = [],
) {
  const account: FakeTwilioAccount = { numbers, whatsappSenders };
  return {
    accountSid,
    authToken,
    account,
    fake: fakeTwilioHttpClient(account),
    publicUrl: twilioPublicUrl,
    connect: (user: TestUser, orgId: string) =>
      connectTwilio(user, orgId, { account_sid: accountSid, auth_token: authToken }),
    post: (
      serverUrl: string,
      path: string,
      params: Record<string, string>,
      options: Omit<Parameters<typeof postTwilioForm>[3], 'token'> & { token?: string } = {},
    ) => postTwilioForm(serverUrl, path, params, { ...options, token: options.token ?? authToken }),
  };
}
