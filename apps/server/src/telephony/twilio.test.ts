import { createServer } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { RequestClient } from 'twilio';
import { isTwilioApiUrl, testTwilioCredentials, TwilioOnlyRequestClient } from './twilio';

describe('the Twilio SDK is held to Twilio’s own API', () => {
  it.each([
    ['https://api.twilio.com/2010-04-01/Accounts/AC00.json', true],
    ['https://messaging.twilio.com/v2/Channels/Senders', true],
    ['https://api.dublin.ie1.twilio.com/2010-04-01/Accounts.json', true],
    ['http://api.twilio.com/2010-04-01/Accounts.json', false],
    ['https://api.twilio.com:8443/2010-04-01/Accounts.json', false],
    ['https://api.twilio.com.attacker.example/x', false],
    ['https://eviltwilio.com/x', false],
    ['https://127.0.0.1/x', false],
    ['not a url', false],
  ])('%s → %s', (uri, allowed) => {
    expect(isTwilioApiUrl(uri)).toBe(allowed);
  });

  it('a request to any other host is refused before anything is sent', async () => {
    let received = 0;
    const listener = createServer((_req, res) => {
      received++;
      res.end('{}');
    });
    listener.listen(0, '127.0.0.1');
    await once(listener, 'listening');
    const { port } = listener.address() as AddressInfo;
    try {
      await expect(
        new TwilioOnlyRequestClient().request({
          method: 'get',
          uri: `http://127.0.0.1:${port}/2010-04-01/Accounts/AC0123.json`,
          username: 'AC0123',
          password: 'token',
        }),
      ).rejects.toThrow('127.0.0.1 is not a public address');
      await expect(
        new TwilioOnlyRequestClient().request({
          method: 'get',
          uri: 'https://example.com/2010-04-01/Accounts/AC0123.json',
        }),
      ).rejects.toThrow('Only Twilio’s own API can be called with Twilio credentials');
      expect(received).toBe(0);
    } finally {
      listener.close();
    }
  });

  it('a credential Test with an Account SID that is not AC + 32 hex is refused before any call', async () => {
    let requests = 0;
    const httpClient = {
      request: () => {
        requests++;
        return Promise.resolve({ statusCode: 200, body: {}, headers: {} });
      },
    } as unknown as RequestClient;
    const result = await testTwilioCredentials(
      { accountSid: 'AC0123/../../evil', authToken: 'token' },
      { httpClient },
    );
    expect(result).toEqual({
      ok: false,
      message: 'account_sid: must be a Twilio Account SID (AC followed by 32 hex digits)',
    });
    expect(requests).toBe(0);
  });
});
