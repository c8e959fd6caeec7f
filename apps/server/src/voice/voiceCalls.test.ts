import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAgentId, toolsDefaults, voiceChatLineSchema } from '@parley/api-client';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../test/harness';
import { conversations, messages } from '../db/schema';
import { turnsStored } from '../runtime/chat';
import { phoneStreamToken, verifyPhoneStreamToken } from './phoneStreamToken';

const secret = 'worker-secret-worker-secret-0123456789';

describe('voice worker endpoints and the call log', () => {
  let server: TestServer;
  let bare: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      // The server's key serves every organization of this install (each test makes its own).
      env: {
        PARLEY_WORKER_SECRET: secret,
        DEEPGRAM_API_KEY: 'dg-server-key',
        PARLEY_SHARED_PROVIDER_ORGS: '*',
      },
    });
    bare = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
    await bare?.close();
  });

  const worker = (path: string, init: RequestInit = {}, token = secret) =>
    fetch(`${server.url}/voice/internal${path}`, {
      ...init,
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        ...(init.headers ?? {}),
      },
    });
  const post = (path: string, body: unknown) =>
    worker(path, { method: 'POST', body: JSON.stringify(body) });

  async function agentWithOrg() {
    const user = server.newUser();
    const orgId = await user.withOrg();
    const id = newAgentId('caller');
    await user.apps.createAgent({ agentName: id, organizationId: orgId });
    await user.agents.update(id, {
      organization_id: orgId,
      initial_message: 'Welcome to the clinic.',
      tts_config: { provider: 'openai', openai: { api_key: 'sk-agent-own-key' } as never },
    });
    return { user, orgId, id };
  }

  async function chat(callId: string, query: string) {
    const res = await post(`/calls/${callId}/chat`, { query });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/x-ndjson');
    const lines = (await res.text())
      .trim()
      .split('\n')
      .map((l) => voiceChatLineSchema.parse(JSON.parse(l)));
    return lines;
  }

  it('given no worker secret on the server › 503 saying what to set; a wrong secret › 401', async () => {
    const res = await fetch(`${bare.url}/voice/internal/agents/x/config`, {
      headers: { Authorization: `Bearer ${secret}` },
    });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/PARLEY_WORKER_SECRET/);
    expect((await worker('/agents/x/config', {}, 'wrong')).status).toBe(401);
    expect((await fetch(`${server.url}/voice/internal/agents/x/config`)).status).toBe(401);
  });

  it('given a browser session instead of the worker secret › 401 (never a session)', async () => {
    const { user, id } = await agentWithOrg();
    expect((await user.raw('GET', `/voice/internal/agents/${id}/config`)).status).toBe(401);
  });

  it('loads the agent configuration with the tools defaults and each provider key', async () => {
    const { id, orgId } = await agentWithOrg();
    const res = await worker(`/agents/${id}/config`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      agent_name: id,
      organization_id: orgId,
      initial_message: 'Welcome to the clinic.',
      nudge_text: toolsDefaults.nudge_text,
      nudge_interval: 15,
      max_nudges: 3,
      typing_volume: 0.8,
      max_call_duration: 300,
      tts_api_key: 'sk-agent-own-key',
      stt_api_key: 'dg-server-key',
    });
    expect((await worker('/agents/nobody_here/config')).status).toBe(404);
  });

  it("given no key on the agent › the organization's Integrations keys reach the worker (before the server's)", async () => {
    const { user, id, orgId } = await agentWithOrg();
    await user.agents.update(id, {
      organization_id: orgId,
      tts_config: { provider: 'elevenlabs', elevenlabs: { voice_id: 'EXAVITQu4vr4xnSDxMaL' } },
      stt_config: { provider: 'deepgram', deepgram: { model: 'nova-2' } },
    } as never);
    const setKey = async (provider: string, apiKey: string) =>
      expect(
        (
          await user.raw('PUT', `/api/integrations/organization/${orgId}/${provider}`, {
            credentials: { api_key: apiKey },
          })
        ).status,
      ).toBe(200);
    // Before any Integrations key: no ElevenLabs key anywhere, the server's Deepgram key.
    let config = (await (await worker(`/agents/${id}/config`)).json()) as Record<string, unknown>;
    expect(config).toMatchObject({ tts_api_key: null, stt_api_key: 'dg-server-key' });

    await setKey('elevenlabs', 'el-org-key-0000000000001234');
    await setKey('deepgram', 'dg-org-key-0000000000005678');
    config = (await (await worker(`/agents/${id}/config`)).json()) as Record<string, unknown>;
    expect(config).toMatchObject({
      tts_api_key: 'el-org-key-0000000000001234',
      stt_api_key: 'dg-org-key-0000000000005678',
    });

    // The agent's own key still comes first.
    await setKey('openai', 'sk-org-key-000000000000abcd');
    await user.agents.update(id, {
      organization_id: orgId,
      tts_config: { provider: 'openai', openai: { api_key: 'sk-agent-own-key' } },
    } as never);
    config = (await (await worker(`/agents/${id}/config`)).json()) as Record<string, unknown>;
    expect(config.tts_api_key).toBe('sk-agent-own-key');
    // Another organization's keys never reach this one: its agent gets the server's Deepgram key.
    const other = await agentWithOrg();
    config = (await (await worker(`/agents/${other.id}/config`)).json()) as Record<string, unknown>;
    expect(config.stt_api_key).toBe('dg-server-key');
  });

  it('logs a whole call: start, initial message, a caller turn through the runtime, figures, end', async () => {
    const { user, id } = await agentWithOrg();
    const start = await post('/calls', {
      agent_name: id,
      caller: '+15550001111',
      transport: 'phone',
      from: '+15550001111',
      to: '+15550002222',
      call_sid: 'CA123',
    });
    expect(start.status).toBe(201);
    const { conversation_id: callId } = (await start.json()) as { conversation_id: string };

    expect(
      (
        await post(`/calls/${callId}/messages`, {
          text: 'Welcome to the clinic.',
          kind: 'initial_message',
        })
      ).status,
    ).toBe(201);

    const lines = await chat(callId, 'what are your opening hours');
    const end = lines.at(-1) as { end: true; message_id: string; offline: boolean };
    expect(end).toMatchObject({ end: true, offline: true });
    const answer = lines.flatMap((l) => ('delta' in l ? [l.delta] : [])).join('');
    expect(answer.length).toBeGreaterThan(0);

    expect(
      (
        await post(`/calls/${callId}/metrics`, {
          message_id: end.message_id,
          latency_ms: 812,
          llm_ttft_ms: 40,
        })
      ).status,
    ).toBe(200);
    expect(
      (await post(`/calls/${callId}/end`, { ended_by: 'caller', end_reason: 'hung up' })).status,
    ).toBe(200);
    // A later end changes nothing (the first one wins).
    await post(`/calls/${callId}/end`, { ended_by: 'error', end_reason: 'late' });

    const calls = await user.voice.callsForAgent(id);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      conversation_id: callId,
      transport: 'phone',
      source: 'phone',
      from: '+15550001111',
      to: '+15550002222',
      ended_by: 'caller',
      end_reason: 'hung up',
      turns: 3,
    });
    const detail = await user.voice.call(callId);
    expect(detail.transcript.map((t) => [t.speaker, t.kind])).toEqual([
      ['agent', 'initial_message'],
      ['caller', null],
      ['agent', 'answer'],
    ]);
    expect(detail.transcript[1]!.text).toBe('what are your opening hours');
    expect(detail.transcript[2]).toMatchObject({
      text: answer,
      latency_ms: 812,
      llm_ttft_ms: 40,
      tts_ttfb_ms: null,
      offline: true,
    });
    expect(detail.ended_at).not.toBeNull();
  });

  it('lists calls newest first; another organization gets 404 for the agent and the call', async () => {
    const { user, id } = await agentWithOrg();
    const ids: string[] = [];
    for (const caller of ['console-1a2b3c4d', 'visitor-5e6f7a8b']) {
      const res = await post('/calls', {
        agent_name: id,
        caller,
        transport: 'livekit',
        room: `room-${caller}`,
      });
      ids.push(((await res.json()) as { conversation_id: string }).conversation_id);
    }
    const listed = await user.voice.callsForAgent(id);
    expect(listed.map((c) => c.conversation_id)).toEqual(ids.reverse());
    // Where each caller was: the widget's visitor (newest), the console's Talk to Agent.
    expect(listed.map((c) => c.source)).toEqual(['widget', 'browser']);
    const outsider = server.newUser();
    await outsider.withOrg('Elsewhere');
    expect((await outsider.raw('GET', `/voice/calls/agent/${id}`)).status).toBe(404);
    expect((await outsider.raw('GET', `/voice/calls/${ids[0]}`)).status).toBe(404);
    expect((await user.raw('GET', '/voice/calls/not-a-uuid')).body.detail).toMatch(
      /^conversationId: /,
    );
  });

  it('refuses bad input with 400 naming the field, writing nothing', async () => {
    const { id } = await agentWithOrg();
    const bad = await post('/calls', { agent_name: id, caller: '', transport: 'fax' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { detail: string }).detail).toMatch(/caller|transport/);
    const res = await post('/calls', { agent_name: id, caller: 'x', transport: 'livekit' });
    const { conversation_id } = (await res.json()) as { conversation_id: string };
    expect((await post(`/calls/${conversation_id}/end`, { ended_by: 'sleepy' })).status).toBe(400);
    expect(
      (
        await post(`/calls/${conversation_id}/metrics`, {
          message_id: crypto.randomUUID(),
          latency_ms: 5,
        })
      ).status,
    ).toBe(404);
    expect((await post(`/calls/${crypto.randomUUID()}/chat`, { query: 'hi' })).status).toBe(404);
  });

  it('a call deleted between turns › its next turn is 404 (Call) and writes nothing', async () => {
    const { id } = await agentWithOrg();
    const start = await post('/calls', {
      agent_name: id,
      caller: '+15550003333',
      transport: 'phone',
      from: '+15550003333',
      to: '+15550002222',
      call_sid: 'CA456',
    });
    const { conversation_id: callId } = (await start.json()) as { conversation_id: string };
    // The second turn runs on the call's remembered facts: answered all the same, with the first
    // turn in its history.
    expect((await chat(callId, 'what are your opening hours')).at(-1)).toMatchObject({ end: true });
    expect((await chat(callId, 'and on sunday')).at(-1)).toMatchObject({ end: true });
    await turnsStored();
    const stored = await server.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.conversationId, callId));
    expect(stored).toHaveLength(4);

    await server.db.delete(conversations).where(eq(conversations.id, callId));
    const gone = await post(`/calls/${callId}/chat`, { query: 'are you there' });
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { detail: string }).detail).toMatch(/^Call/);
    await turnsStored();
    expect(
      await server.db.select().from(conversations).where(eq(conversations.id, callId)),
    ).toEqual([]);
    expect(
      await server.db.select().from(messages).where(eq(messages.conversationId, callId)),
    ).toEqual([]);
  });

  it('signs and verifies the phone stream token', () => {
    const token = phoneStreamToken(secret, 'agent_1', 'CA1');
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyPhoneStreamToken(secret, 'agent_1', 'CA1', token)).toBe(true);
    expect(verifyPhoneStreamToken(secret, 'agent_2', 'CA1', token)).toBe(false);
    expect(verifyPhoneStreamToken(secret, 'agent_1', 'CA2', token)).toBe(false);
    expect(verifyPhoneStreamToken('other', 'agent_1', 'CA1', token)).toBe(false);
    expect(verifyPhoneStreamToken(secret, 'agent_1', 'CA1', 'nope')).toBe(false);
  });
});
