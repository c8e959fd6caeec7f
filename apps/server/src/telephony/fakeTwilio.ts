import type { RequestClient } from 'twilio';

/** One request the SDK made (method, path after the host, form data). */
export interface FakeTwilioCall {
  method: string;
  uri: string;
  data: Record<string, unknown> | undefined;
}

export interface FakeTwilioAccount {
  numbers: Array<{
    sid: string;
    phone_number: string;
    friendly_name: string;
    capabilities: { voice: boolean; sms: boolean; mms?: boolean };
  }>;
  whatsappSenders: Array<{ sender_id: string; status: string }>;
  /** Answer every request with this status (an outage or bad credentials). */
  failWith?: { status: number; message: string; code?: number };
  /** Fail this many message sends (Messages.json) with a 503 before the next ones succeed. */
  failMessages?: number;
  /** Fail this many calls (Calls.json) with a 400 before the next ones are placed. */
  failCalls?: number;
}

/**
 * A stand-in for Twilio's REST API behind the SDK's injectable httpClient: answers the calls the
 * provider makes (IncomingPhoneNumbers list and update, Channels/Senders, Accounts fetch) in
 * Twilio's wire format, and records them. Tests only.
 */
export function fakeTwilioHttpClient(account: FakeTwilioAccount) {
  const calls: FakeTwilioCall[] = [];
  const client = {
    async request(opts: { method: string; uri: string; data?: Record<string, unknown> }) {
      calls.push({ method: opts.method.toUpperCase(), uri: opts.uri, data: opts.data });
      const path = new URL(opts.uri).pathname;
      const reply = (statusCode: number, body: unknown) => ({ statusCode, body, headers: {} });
      if (account.failWith) {
        return reply(account.failWith.status, {
          code: account.failWith.code ?? 20003,
          message: account.failWith.message,
          status: account.failWith.status,
        });
      }
      if (/\/IncomingPhoneNumbers\.json$/.test(path)) {
        return reply(200, {
          incoming_phone_numbers: account.numbers,
          next_page_uri: null,
          page: 0,
          page_size: 50,
        });
      }
      const update = /\/IncomingPhoneNumbers\/(PN\w+)\.json$/.exec(path);
      if (update) {
        const n = account.numbers.find((x) => x.sid === update[1]);
        return n ? reply(200, n) : reply(404, { code: 20404, message: 'Not found', status: 404 });
      }
      if (path === '/v2/Channels/Senders') {
        return reply(200, {
          senders: account.whatsappSenders.map((s, i) => ({ sid: `XE${i}`, ...s })),
          meta: { key: 'senders', next_page_url: null },
        });
      }
      if (/\/Accounts\/AC\w+\/Messages\.json$/.test(path) && opts.method.toUpperCase() === 'POST') {
        if (account.failMessages && account.failMessages > 0) {
          account.failMessages--;
          return reply(503, { code: 20500, message: 'Service unavailable', status: 503 });
        }
        const data = opts.data ?? {};
        return reply(201, {
          sid: `SM${String(calls.length).padStart(32, '0')}`,
          from: data.From,
          to: data.To,
          body: data.Body,
          status: 'queued',
        });
      }
      if (/\/Accounts\/AC\w+\/Calls\.json$/.test(path) && opts.method.toUpperCase() === 'POST') {
        if (account.failCalls && account.failCalls > 0) {
          account.failCalls--;
          return reply(400, {
            code: 21215,
            message: 'Account not authorized to call this number',
            status: 400,
          });
        }
        const data = opts.data ?? {};
        return reply(201, {
          sid: `CA${String(calls.length).padStart(32, '0')}`,
          from: data.From,
          to: data.To,
          status: 'queued',
        });
      }
      const callUpdate = /\/Accounts\/AC\w+\/Calls\/(CA\w+)\.json$/.exec(path);
      if (callUpdate && opts.method.toUpperCase() === 'POST')
        return reply(200, { sid: callUpdate[1], status: 'in-progress' });
      const acct = /\/Accounts\/(AC\w+)\.json$/.exec(path);
      if (acct)
        return reply(200, { sid: acct[1], friendly_name: 'Test Account', status: 'active' });
      return reply(404, { code: 20404, message: `No fake for ${path}`, status: 404 });
    },
  };
  return { client: client as unknown as RequestClient, calls };
}
