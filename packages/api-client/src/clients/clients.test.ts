import { describe, expect, it } from 'vitest';
import { json, routeFetch } from '../testing';
import { createVoiceBackendClient } from './voiceBackend';
import { createMessagingClient } from './messaging';
import { createOrgClient } from './org';
import { createAppServiceClient } from './appService';
import { conversationEventsUrl, createConversationsClient } from './conversations';

describe('voiceBackend', () => {
  it('given a token answer without livekit_url › throws the spec text', async () => {
    const fetch = routeFetch({ 'POST /voice/tokens/generate': () => json({ token: 't' }) });
    await expect(
      createVoiceBackendClient({ baseUrl: '/voice', fetch }).generateToken('a_1'),
    ).rejects.toThrow('Invalid response: missing token or livekit_url');
    expect(fetch.calls[0]!.url).toBe('/voice/tokens/generate?agent_name=a_1');
  });
  it('given the transport of the answer › a LiveKit room (also from an older server) or the WebSocket stream', async () => {
    const answer = (body: unknown) =>
      createVoiceBackendClient({
        baseUrl: '/voice',
        fetch: routeFetch({ 'POST /voice/tokens/generate': () => json(body) }),
      }).generateToken('a');
    expect(await answer({ token: 't', livekit_url: 'wss://lk' })).toMatchObject({
      transport: 'livekit',
      token: 't',
    });
    const url = 'ws://localhost:3000/voice/stream?token=x';
    expect(await answer({ transport: 'websocket', url, expires_at: 'soon' })).toMatchObject({
      transport: 'websocket',
      url,
    });
    await expect(answer({ transport: 'websocket' })).rejects.toThrow(
      'Invalid response: missing url',
    );
  });
  it('given a 503 with detail › throws the detail', async () => {
    const fetch = routeFetch({
      'POST /voice/tokens/generate': () =>
        json({ detail: 'Set LIVEKIT_URL' }, 503, 'Service Unavailable'),
    });
    await expect(
      createVoiceBackendClient({ baseUrl: '/voice', fetch }).generateToken('a'),
    ).rejects.toThrow('Set LIVEKIT_URL');
  });
  it.each([
    ['an array', [{ phone_number: '+15550001111', phone_id: 'p1' }]],
    [
      'phone_numbers',
      { phone_numbers: [{ number: '+15550001111', _id: 'p1', agent_id: 'unassigned' }] },
    ],
    [
      'data.phone_numbers',
      { data: { phone_numbers: [{ phone_number: '+15550001111', phone_id: 'p1' }] }, count: 1 },
    ],
  ])('reads phone numbers from %s', async (_label, body) => {
    const fetch = routeFetch({ 'GET /voice/phone-numbers/organization/o1': () => json(body) });
    const list = await createVoiceBackendClient({ baseUrl: '/voice', fetch }).phoneNumbersForOrg(
      'o1',
    );
    expect(list).toEqual([
      expect.objectContaining({
        phone_number: '+15550001111',
        phone_id: 'p1',
        agent_id: null,
        status: 'available',
      }),
    ]);
  });
});

describe('messaging', () => {
  it('given a non-OK answer › throws HTTP error! status with the body', async () => {
    const fetch = routeFetch({
      'POST /messaging/sms/send-message': () =>
        new Response('bad number', { status: 400, statusText: 'Bad Request' }),
    });
    await expect(
      createMessagingClient({ baseUrl: '/messaging', fetch }).sendSms({
        from_number: '+1',
        to_number: '+2',
        message_text: 'hi',
      }),
    ).rejects.toThrow('HTTP error! status: 400 - Bad Request: bad number');
  });
  it('sends the SMS form url-encoded', async () => {
    const fetch = routeFetch({
      'POST /messaging/sms/send-message': () => json({ message: 'sent' }),
    });
    await createMessagingClient({ baseUrl: '/messaging', fetch }).sendSms({
      from_number: '+15550001111',
      to_number: '+15550002222',
      message_text: 'hi there',
    });
    expect(fetch.calls[0]!.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(fetch.calls[0]!.body).toBe(
      'from_number=%2B15550001111&to_number=%2B15550002222&message_text=hi+there',
    );
  });
  it('unassigns WhatsApp with the leading + removed', async () => {
    const fetch = routeFetch({
      'DELETE /messaging/whatsapp/unassign-receiving-number-agent/15550001111': () =>
        json({ ok: true }),
    });
    await createMessagingClient({ baseUrl: '/messaging', fetch }).unassignWhatsapp('+15550001111');
    expect(fetch.calls).toHaveLength(1);
  });
  it('filters available numbers to sms_enabled', async () => {
    const fetch = routeFetch({
      'GET /messaging/phone-numbers/available': () =>
        json({
          phone_numbers: [
            { phone_number: '+1555', sms_enabled: true },
            { phone_number: '+1666', sms_enabled: false },
          ],
        }),
    });
    expect(
      (await createMessagingClient({ baseUrl: '/messaging', fetch }).smsNumbers()).map(
        (n) => n.phone_number,
      ),
    ).toEqual(['+1555']);
  });
});

describe('org and app service', () => {
  it('me › null when signed out (401)', async () => {
    const fetch = routeFetch({
      'GET /api/org/me': () => json({ error: 'Unauthorized' }, 401, 'Unauthorized'),
    });
    expect(await createOrgClient({ baseUrl: '/api/org', fetch }).me()).toBeNull();
  });
  it('createOrg › returns data.orgId', async () => {
    const fetch = routeFetch({
      'POST /api/org/create-org': () =>
        json({
          success: true,
          message: 'Organization created successfully!',
          data: { orgId: 'o1', orgName: 'Acme' },
        }),
    });
    expect(
      (await createOrgClient({ baseUrl: '/api/org', fetch }).createOrg('Acme')).data.orgId,
    ).toBe('o1');
  });
  it('createAgent › checks appKey starts with app- and appId is a UUID', async () => {
    const fetch = routeFetch({
      'POST /api/app/create-agent': () =>
        json({ success: true, data: { appKey: 'key-1', appId: 'nope' } }),
    });
    await expect(
      createAppServiceClient({ baseUrl: '/api/app', fetch }).createAgent({
        agentName: 'a_1',
        organizationId: 'o1',
      }),
    ).rejects.toThrow(/Unexpected answer/);
  });
});

describe('conversations', () => {
  it('names the inbox events address below its base, the organization encoded', () => {
    expect(conversationEventsUrl('/api', 'org 1')).toBe(
      '/api/conversations/events?organization_id=org%201',
    );
    expect(
      createConversationsClient({ baseUrl: 'https://console.test/api/' }).eventsUrl('o1'),
    ).toBe('https://console.test/api/conversations/events?organization_id=o1');
  });
});
