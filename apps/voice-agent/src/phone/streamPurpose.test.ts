import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { signCallToken } from '@parley/api-client/call-token';
import { PHONE_STREAM_PATH, startPhoneStreamServer, type PhoneCallInfo } from './twilioMediaStream';

const secret = 'worker-secret-for-the-purpose-test';
const calls: PhoneCallInfo[] = [];
let phone: Awaited<ReturnType<typeof startPhoneStreamServer>>;
beforeAll(async () => {
  phone = await startPhoneStreamServer({
    port: 0,
    host: '127.0.0.1',
    secret,
    onCall: async (info) => {
      calls.push(info);
      return { end: async () => {} };
    },
  });
});
afterAll(async () => {
  await phone?.close();
});

/** Opens a stream as Twilio does for a call the server placed, with these extra parameters. */
async function stream(callSid: string, extra: Record<string, string>): Promise<PhoneCallInfo> {
  const token = signCallToken(
    secret,
    {
      transport: 'phone',
      agent_id: 'agent_1',
      organization_id: 'org_1',
      call_sid: callSid,
      from: '+14155550100',
      to: '+14155557201',
    },
    { ttlSeconds: 300 },
  );
  const ws = new WebSocket(`ws://127.0.0.1:${phone.port}${PHONE_STREAM_PATH}`);
  await once(ws, 'open');
  ws.send(JSON.stringify({ event: 'connected', protocol: 'Call', version: '1.0.0' }));
  ws.send(
    JSON.stringify({
      event: 'start',
      streamSid: `MZ${callSid}`,
      start: { callSid, customParameters: { ...token, ...extra } },
    }),
  );
  await expect.poll(() => calls.find((c) => c.callSid === callSid)).toBeTruthy();
  ws.close();
  return calls.find((c) => c.callSid === callSid)!;
}

describe('the phone stream’s purpose', () => {
  it('a call placed for a reason: the stream’s purpose reaches the call (trimmed)', async () => {
    const info = await stream('CA1', { purpose: '  Your appointment is tomorrow at 10.  ' });
    expect(info).toMatchObject({
      agentId: 'agent_1',
      to: '+14155557201',
      purpose: 'Your appointment is tomorrow at 10.',
    });
  });

  it('an inbound call (no purpose, or an empty one): null', async () => {
    expect((await stream('CA2', {})).purpose).toBeNull();
    expect((await stream('CA3', { purpose: '   ' })).purpose).toBeNull();
  });
});
