import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAgentId } from '@parley/api-client';
import {
  decodeCallToken,
  encodeCallToken,
  roomCallTokenTtlSeconds,
  signCallToken,
  verifyCallToken,
  type CallToken,
} from '@parley/api-client/call-token';
import { startTestServer, type TestServer, type TestUser } from '../../../test/harness';
import { embeddedSecretOf } from './index';

/** The harness's server secret: the embedded worker's is derived from it. */
const embeddedSecret = embeddedSecretOf('test-secret-test-secret-test-secret-0123');

/** An HTTP upgrade to /voice/stream: the status the server answers with (101 when it upgrades). */
function upgrade(
  base: string,
  path: string,
): Promise<{ status: number; retryAfter?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, {
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
        'Sec-WebSocket-Version': '13',
      },
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode ?? 101, body: '' });
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          retryAfter: res.headers['retry-after'] as string | undefined,
          body,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the embedded voice transport (no LiveKit)', () => {
  let server: TestServer;
  let mute: TestServer;
  let full: TestServer;
  beforeAll(async () => {
    // No LiveKit settings, and no PARLEY_WORKER_SECRET: everything is the server's own. (Each
    // token here holds a call slot for its minute: room for all of them.)
    server = await startTestServer({ env: { PARLEY_EMBEDDED_VOICE_CALLS: '50' } });
    // No speech tools on the PATH, and no provider keys.
    mute = await startTestServer({ env: { PATH: '/nonexistent' } });
    // One call at a time, behind a proxy at PUBLIC_URL.
    full = await startTestServer({
      env: { PARLEY_EMBEDDED_VOICE_CALLS: '1', PUBLIC_URL: 'https://voice.example/' },
    });
  });
  afterAll(async () => {
    await Promise.all([server?.close(), mute?.close(), full?.close()]);
  });

  async function agentOn(on: TestServer) {
    const user = on.newUser();
    const orgId = await user.withOrg();
    const id = newAgentId('voice');
    const app = await user.apps.createAgent({ agentName: id, organizationId: orgId });
    await user.agents.update(id, { organization_id: orgId, status: 'active' });
    return { user, id, orgId, key: app.data!.appKey };
  }
  const tokenOf = (url: string) =>
    decodeCallToken(new URL(url).searchParams.get('token')) as CallToken;
  async function streamJoin(user: TestUser, id: string) {
    const join = await user.voice.generateToken(id);
    if (join.transport !== 'websocket') throw new Error('expected the WebSocket transport');
    return join;
  }

  it('a session gets the WebSocket stream: a URL on this server with a one-minute token naming the agent and the caller', async () => {
    const { user, id, orgId } = await agentOn(server);
    const before = Date.now();
    const join = await streamJoin(user, id);
    expect(join.url).toMatch(
      new RegExp(`^ws://127\\.0\\.0\\.1:\\d+/voice/stream\\?token=[\\w-]+$`),
    );
    expect(new URL(join.url).host).toBe(new URL(server.url).host);
    const claims = tokenOf(join.url);
    expect(verifyCallToken(embeddedSecret, claims)).toMatchObject({ ok: true });
    expect(claims).toMatchObject({
      transport: 'websocket',
      agent_id: id,
      organization_id: orgId,
      caller: expect.stringMatching(/^console-[0-9a-f]{8}$/),
    });
    const expires = Date.parse(join.expires_at!);
    expect(expires).toBe(Number(claims.expires) * 1000);
    expect(expires - before).toBeGreaterThan(50_000);
    expect(expires - before).toBeLessThanOrEqual(61_000);
    // Each token is its own call (a fresh nonce).
    expect(tokenOf((await streamJoin(user, id)).url).nonce).not.toBe(claims.nonce);
  });

  it('the widget with the agent key (its allowed origins) gets one too', async () => {
    const { id, key, user, orgId } = await agentOn(server);
    const call = (origin?: string) =>
      fetch(`${server.url}/voice/tokens/generate?agent_name=${id}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, ...(origin ? { Origin: origin } : {}) },
      });
    const res = await call('https://shop.example');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { transport: string; url: string };
    expect(body.transport).toBe('websocket');
    expect(tokenOf(body.url).caller).toMatch(/^visitor-[0-9a-f]{8}$/);
    await user.agents.update(id, {
      organization_id: orgId,
      allowed_origins: ['https://shop.example'],
    });
    expect((await call('https://elsewhere.example')).status).toBe(403);
  });

  it('no speech on the server (no espeak-ng, no pocketsphinx, no keys) → 503 naming what to install or set', async () => {
    const { user, id, orgId } = await agentOn(mute);
    const refused = user.voice.generateToken(id);
    await expect(refused).rejects.toThrow(/apt-get install espeak-ng/);
    await expect(user.voice.generateToken(id)).rejects.toThrow(
      /apt-get install pocketsphinx pocketsphinx-en-us/,
    );
    // A voice with a key (the agent's own): only the transcriber is missing now.
    await user.agents.update(id, {
      organization_id: orgId,
      tts_config: { provider: 'openai', openai: { api_key: 'sk-agent-own' } as never },
    });
    const res = await user.raw('POST', `/voice/tokens/generate?agent_name=${id}`);
    expect(res.status).toBe(503);
    const detail = res.body.detail as string;
    expect(detail).toMatch(/transcriber.*pocketsphinx.*Deepgram key \(DEEPGRAM_API_KEY\)/);
    expect(detail).not.toMatch(/espeak-ng/);
    // System Status says the same for the organization.
    const status = (await user.raw('GET', `/api/system-status/${orgId}`)).body as {
      voice: { available: boolean; reason?: string };
    };
    expect(status.voice.available).toBe(false);
    expect(status.voice.reason).toMatch(/espeak-ng.*pocketsphinx/);
  });

  it(`at most PARLEY_EMBEDDED_VOICE_CALLS calls at once: past it the token is 503 with Retry-After, and so is a socket`, async () => {
    const { user, id, orgId } = await agentOn(full);
    const first = await streamJoin(user, id);
    const res = await user.fetch(`/voice/tokens/generate?agent_name=${id}`, { method: 'POST' });
    expect(res.status).toBe(503);
    const retryAfter = Number(res.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/try again/);
    // A token issued by another server process: no slot left here either (no worker started).
    const elsewhere = signCallToken(
      embeddedSecret,
      { transport: 'websocket', agent_id: id, organization_id: orgId, caller: 'console-1' },
      { ttlSeconds: 60 },
    );
    const refused = await upgrade(full.url, `/voice/stream?token=${encodeCallToken(elsewhere)}`);
    expect(refused.status).toBe(503);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    // The stream's address is the public one (a proxy in front: wss).
    expect(first.url).toMatch(/^wss:\/\/voice\.example\/voice\/stream\?token=/);
  });

  it('a socket with a bad token is refused before any call (403); other paths are not ours (404)', async () => {
    const { user, id, orgId } = await agentOn(server);
    const good = tokenOf((await streamJoin(user, id)).url);
    const room = signCallToken(
      embeddedSecret,
      { transport: 'livekit', agent_id: id, organization_id: orgId, room: 'r' },
      { ttlSeconds: roomCallTokenTtlSeconds },
    );
    for (const token of [
      encodeCallToken({ ...good, agent_id: 'someone_else' }),
      encodeCallToken(room),
      encodeCallToken(signCallToken('another-secret', { ...good }, { ttlSeconds: 60 })),
      'not-a-token',
    ]) {
      const res = await upgrade(server.url, `/voice/stream?token=${token}`);
      expect(res.status).toBe(403);
      expect(res.body).toMatch(/^token: the call token /);
    }
    expect((await upgrade(server.url, '/voice/streams')).status).toBe(404);
    // Not an upgrade: told what it is.
    const plain = await fetch(`${server.url}/voice/stream?token=x`);
    expect(plain.status).toBe(426);
  });

  it('the embedded worker (its own secret) takes a call with the token: the call log shows a browser call over the WebSocket', async () => {
    const { user, id } = await agentOn(server);
    const claims = tokenOf((await streamJoin(user, id)).url);
    const worker = (path: string, body: unknown, secret = embeddedSecret) =>
      fetch(`${server.url}/voice/internal${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const taken = await worker('/calls', { call_token: claims });
    expect(taken.status).toBe(201);
    const { conversation_id } = (await taken.json()) as { conversation_id: string };
    // Once only.
    expect((await worker('/calls', { call_token: claims })).status).toBe(409);
    await worker(`/calls/${conversation_id}/end`, { ended_by: 'caller', end_reason: 'done' });
    const [logged] = await user.voice.callsForAgent(id);
    expect(logged).toMatchObject({
      conversation_id,
      transport: 'websocket',
      source: 'browser',
      ended_by: 'caller',
    });
    // Without PARLEY_WORKER_SECRET anyone else is still told to set it.
    expect((await worker('/calls', { call_token: claims }, 'wrong')).status).toBe(503);
  });
});
