import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenVerifier } from 'livekit-server-sdk';
import { newAgentId } from '@parley/api-client';
import { startTestServer, type TestServer } from '../../test/harness';

const livekit = {
  LIVEKIT_URL: 'wss://voice.example',
  LIVEKIT_API_KEY: 'devkey',
  LIVEKIT_API_SECRET: 'devsecret-devsecret-devsecret-12',
};

describe('voice token', () => {
  let configured: TestServer;
  let bare: TestServer;
  beforeAll(async () => {
    configured = await startTestServer({ env: livekit });
    bare = await startTestServer();
  });
  afterAll(async () => {
    await configured?.close();
    await bare?.close();
  });

  async function agentOn(server: TestServer) {
    const user = server.newUser();
    const orgId = await user.withOrg();
    const id = newAgentId('voice');
    const app = await user.apps.createAgent({ agentName: id, organizationId: orgId });
    await user.agents.update(id, { organization_id: orgId, status: 'active' });
    return { user, id, key: app.data!.appKey };
  }

  it('given LiveKit settings › a session gets a token that dispatches the voice worker', async () => {
    const { user, id } = await agentOn(configured);
    const res = await user.voice.generateToken(id);
    if (res.transport !== 'livekit') throw new Error('expected a LiveKit answer');
    expect(res).toMatchObject({
      transport: 'livekit',
      livekit_url: 'wss://voice.example',
      agent_name: id,
      participant_name: 'Visitor',
    });
    // The console's caller identity: the call log shows such calls as 'Browser'.
    expect(res.participant_identity).toMatch(/^console-[0-9a-f]{8}$/);
    const claims = await new TokenVerifier(
      livekit.LIVEKIT_API_KEY,
      livekit.LIVEKIT_API_SECRET,
    ).verify(res.token);
    expect(claims.video).toMatchObject({ room: res.room_name, roomJoin: true, canPublish: true });
    expect(JSON.stringify(claims.roomConfig)).toContain('parley-voice-agent');
    expect(JSON.stringify(claims.roomConfig)).toContain(id);
  });

  it('given the agent key as bearer › the widget gets a token; another agent name → 404', async () => {
    const { id, key } = await agentOn(configured);
    const call = (name: string) =>
      fetch(`${configured.url}/voice/tokens/generate?agent_name=${name}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}` },
      });
    const ok = await call(id);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { participant_identity: string }).participant_identity).toMatch(
      /^visitor-[0-9a-f]{8}$/,
    );
    expect((await call('someone_else')).status).toBe(404);
  });

  it('given no LiveKit settings › the server’s own WebSocket stream (voice/embedded tests the rest)', async () => {
    const { user, id } = await agentOn(bare);
    expect(await user.voice.generateToken(id)).toMatchObject({
      transport: 'websocket',
      url: expect.stringMatching(/^ws:\/\/127\.0\.0\.1:\d+\/voice\/stream\?token=/),
      agent_name: id,
    });
  });

  it('given another organization’s agent or no auth › 404 / 401', async () => {
    const { id } = await agentOn(configured);
    const outsider = configured.newUser();
    await outsider.withOrg('Other');
    expect((await outsider.raw('POST', `/voice/tokens/generate?agent_name=${id}`)).status).toBe(
      404,
    );
    expect(
      (await fetch(`${configured.url}/voice/tokens/generate?agent_name=${id}`, { method: 'POST' }))
        .status,
    ).toBe(401);
  });
});
