import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callHeldNotice, newAgentId, toolsDefaults, voiceChatLineSchema } from '@parley/api-client';
import {
  roomCallTokenTtlSeconds,
  signCallToken,
  verifyCallToken,
  type CallToken,
} from '@parley/api-client/call-token';
import { asc, eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../test/harness';
import { giveToolStep } from '../../test/conversationFixtures';
import { conversations, messages, phoneNumbers } from '../db/schema';
import { turnsStored } from '../runtime/chat';
import { answerInboundCall } from '../telephony/inbound';

const secret = 'worker-secret-worker-secret-0123456789';
const onPostgres = process.env.PARLEY_TEST_DB === 'postgres';
const twilioAccount = `AC${'2'.repeat(32)}`;
let numberSeq = 0;

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

  /** The token the server puts in a browser call's dispatch (as POST /voice/tokens/generate does). */
  const roomToken = (agentId: string, orgId: string, caller = 'console-1a2b3c4d', now?: number) =>
    signCallToken(
      secret,
      {
        transport: 'livekit',
        agent_id: agentId,
        organization_id: orgId,
        room: `parley-room-${caller}`,
        caller,
      },
      { ttlSeconds: roomCallTokenTtlSeconds, now },
    );

  /**
   * A phone call to a number of the agent, answered by the webhook's own code: the call it opened
   * and the stream's parameters (the phone stream token) from its TwiML.
   */
  async function phoneCall(agentId: string, orgId: string, from = '+15550001111') {
    const number = `+1555777${String(++numberSeq).padStart(4, '0')}`;
    await server.db.insert(phoneNumbers).values({
      organizationId: orgId,
      provider: 'twilio',
      providerAccount: twilioAccount,
      providerId: `PN${String(numberSeq).padStart(32, '0')}`,
      phoneNumber: number,
      voiceEnabled: true,
      voiceAgentName: agentId,
    });
    const callSid = `CA${String(numberSeq).padStart(32, '0')}`;
    const answer = await answerInboundCall(
      {
        db: server.db,
        env: { PARLEY_WORKER_SECRET: secret },
        provider: 'twilio',
        account: twilioAccount,
        orgIds: [orgId],
      },
      { CallSid: callSid, From: from, To: number },
    );
    const parameters = Object.fromEntries(
      [...answer.twiml.matchAll(/<Parameter name="([^"]+)" value="([^"]*)"\/>/g)].map((m) => [
        m[1]!,
        m[2]!,
      ]),
    ) as unknown as CallToken;
    return { callId: answer.conversationId!, number, callSid, token: parameters };
  }

  /** The worker takes a call with its token: the status and the call id. */
  async function claim(token: unknown, on: TestServer = server) {
    const res = await fetch(`${on.url}/voice/internal/calls`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ call_token: token }),
    });
    const body = (await res.json()) as { conversation_id?: string; detail?: string };
    return { status: res.status, id: body.conversation_id ?? '', detail: body.detail ?? '' };
  }
  async function liveRoomCall(agentId: string, orgId: string, caller?: string) {
    const taken = await claim(roomToken(agentId, orgId, caller));
    expect(taken.status).toBe(201);
    return taken.id;
  }
  const agentOfCall = async (callId: string) =>
    (await (await worker(`/calls/${callId}/agent`)).json()) as Record<string, unknown>;

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
    const path = `/voice/internal/calls/${crypto.randomUUID()}/agent`;
    const res = await fetch(`${bare.url}${path}`, {
      headers: { Authorization: `Bearer ${secret}` },
    });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/PARLEY_WORKER_SECRET/);
    expect(
      (await fetch(`${server.url}${path}`, { headers: { Authorization: 'Bearer wrong' } })).status,
    ).toBe(401);
    expect((await fetch(`${server.url}${path}`)).status).toBe(401);
  });

  it('given a browser session instead of the worker secret › 401 (never a session)', async () => {
    const { user, id, orgId } = await agentWithOrg();
    const callId = await liveRoomCall(id, orgId);
    expect((await user.raw('GET', `/voice/internal/calls/${callId}/agent`)).status).toBe(401);
    expect(
      (await user.raw('POST', '/voice/internal/calls', { call_token: roomToken(id, orgId) }))
        .status,
    ).toBe(401);
  });

  it('the worker secret alone opens no agent: the old by-name route is gone (refused, no key)', async () => {
    const { id } = await agentWithOrg();
    const res = await worker(`/agents/${id}/config`);
    // No such route any more: the request falls through to the signed-in API (401).
    expect(res.status).toBe(401);
    expect(await res.text()).not.toContain('sk-agent-own-key');
  });

  it("a live call's agent: its configuration with the tools defaults and each provider key", async () => {
    const { id, orgId } = await agentWithOrg();
    const callId = await liveRoomCall(id, orgId);
    const res = await worker(`/calls/${callId}/agent`);
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
    // An unknown call, a malformed id: 404 / 400, never an agent.
    expect((await worker(`/calls/${crypto.randomUUID()}/agent`)).status).toBe(404);
    expect((await worker('/calls/nobody_here/agent')).status).toBe(400);
  });

  it('an ended call opens nothing: its agent is 404 once the call is over', async () => {
    const { id, orgId } = await agentWithOrg();
    const callId = await liveRoomCall(id, orgId);
    expect((await worker(`/calls/${callId}/agent`)).status).toBe(200);
    await post(`/calls/${callId}/end`, { ended_by: 'caller', end_reason: 'hung up' });
    const res = await worker(`/calls/${callId}/agent`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('sk-agent-own-key');
  });

  it("a call's token opens that call only: another organization's agent named in a token signed for this one is 404", async () => {
    const mine = await agentWithOrg();
    const theirs = await agentWithOrg();
    // A token naming their agent with my organization (or the reverse) finds no such agent.
    const crossed = await claim(roomToken(theirs.id, mine.orgId));
    expect(crossed).toMatchObject({ status: 404, detail: expect.stringMatching(/^Agent/) });
    // Each call reads its own agent: mine sees my key, never theirs.
    const callId = await liveRoomCall(mine.id, mine.orgId);
    expect(await agentOfCall(callId)).toMatchObject({
      agent_name: mine.id,
      organization_id: mine.orgId,
    });
  });

  it('a phone call: the webhook signs the stream token over the call; the worker takes it once, then reads its agent', async () => {
    const { user, id, orgId } = await agentWithOrg();
    const phone = await phoneCall(id, orgId);
    expect(phone.token).toMatchObject({
      transport: 'phone',
      agent_id: id,
      organization_id: orgId,
      call_id: phone.callId,
      call_sid: phone.callSid,
      from: '+15550001111',
      to: phone.number,
    });
    // Not yet taken by the worker: nothing to read.
    expect((await worker(`/calls/${phone.callId}/agent`)).status).toBe(404);

    // Tampered fields (another agent, organization, caller, number, call, expiry) break the signature.
    const other = await agentWithOrg();
    for (const change of [
      { agent_id: other.id },
      { organization_id: other.orgId },
      { from: '+15550009999' },
      { to: '+15550009999' },
      { call_id: crypto.randomUUID() },
      { expires: String(Number(phone.token.expires) + 3600) },
    ]) {
      const forged = await claim({ ...phone.token, ...change });
      expect(forged, JSON.stringify(change)).toMatchObject({
        status: 403,
        detail: 'call_token: the signature does not match its fields',
      });
    }
    // Signed with another secret: refused the same way.
    const { token: _t, expires: _e, nonce: _n, ...fields } = phone.token;
    const foreign = signCallToken('not-the-worker-secret', fields, { ttlSeconds: 300 });
    expect((await claim(foreign)).status).toBe(403);

    const taken = await claim(phone.token);
    expect(taken).toMatchObject({ status: 201, id: phone.callId });
    expect(await agentOfCall(phone.callId)).toMatchObject({
      agent_name: id,
      tts_api_key: 'sk-agent-own-key',
    });
    // Used once: a replay is refused and opens nothing new.
    expect(await claim(phone.token)).toMatchObject({
      status: 409,
      detail: 'call_token: has already been used',
    });
    const calls = await user.voice.callsForAgent(id);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      conversation_id: phone.callId,
      transport: 'phone',
      source: 'phone',
      from: '+15550001111',
      to: phone.number,
    });
  });

  it('an expired token is refused (403), and a token of a call that ended is 404', async () => {
    const { id, orgId } = await agentWithOrg();
    const stale = roomToken(
      id,
      orgId,
      'console-0ld0ld00',
      Date.now() - (roomCallTokenTtlSeconds + 1) * 1000,
    );
    expect(verifyCallToken(secret, stale)).toEqual({ ok: false, reason: 'expired' });
    expect(await claim(stale)).toMatchObject({
      status: 403,
      detail: 'call_token: has expired',
    });

    // The caller hung up before the stream reached the worker (Twilio's status callback ended it).
    const phone = await phoneCall(id, orgId, '+15550004444');
    await server.db
      .update(conversations)
      .set({ endedAt: new Date(), endedBy: 'caller', endReason: 'completed' })
      .where(eq(conversations.id, phone.callId));
    expect(await claim(phone.token)).toMatchObject({
      status: 404,
      detail: expect.stringMatching(/^Call/),
    });
    expect((await worker(`/calls/${phone.callId}/agent`)).status).toBe(404);
  });

  it.runIf(onPostgres)(
    'a token redeemed on one server process is refused on another (the nonce is in the database)',
    async () => {
      const second = await startTestServer({
        databaseUrl: server.databaseUrl,
        env: { PARLEY_WORKER_SECRET: secret },
      });
      try {
        const { id, orgId } = await agentWithOrg();
        const token = roomToken(id, orgId);
        expect((await claim(token, server)).status).toBe(201);
        expect(await claim(token, second)).toMatchObject({
          status: 409,
          detail: 'call_token: has already been used',
        });
        const phone = await phoneCall(id, orgId, '+15550005555');
        expect((await claim(phone.token, second)).status).toBe(201);
        expect((await claim(phone.token, server)).status).toBe(409);
      } finally {
        await second.close();
      }
    },
  );

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
    const callId = await liveRoomCall(id, orgId);
    let config = await agentOfCall(callId);
    expect(config).toMatchObject({ tts_api_key: null, stt_api_key: 'dg-server-key' });

    await setKey('elevenlabs', 'el-org-key-0000000000001234');
    await setKey('deepgram', 'dg-org-key-0000000000005678');
    config = await agentOfCall(callId);
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
    config = await agentOfCall(callId);
    expect(config.tts_api_key).toBe('sk-agent-own-key');
    // Another organization's keys never reach this one: its agent gets the server's Deepgram key.
    const other = await agentWithOrg();
    config = await agentOfCall(await liveRoomCall(other.id, other.orgId));
    expect(config.stt_api_key).toBe('dg-server-key');
  });

  it('logs a whole call: start, initial message, a caller turn through the runtime, figures, end', async () => {
    const { user, id, orgId } = await agentWithOrg();
    const phone = await phoneCall(id, orgId);
    expect((await claim(phone.token)).status).toBe(201);
    const callId = phone.callId;

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
      to: phone.number,
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
    expect(detail.transcript[2]!.tool_steps).toBeUndefined();
    expect(detail.ended_at).not.toBeNull();
    // An answer that called tools shows its steps in the transcript.
    const step = await giveToolStep(server.db, detail.transcript[2]!.id);
    expect((await user.voice.call(callId)).transcript[2]!.tool_steps).toEqual([step]);
  });

  it('a call a member holds: the caller’s words are stored as the visitor’s, the notice is spoken instead of an answer; released, the agent answers again', async () => {
    const { user, id, orgId } = await agentWithOrg();
    const phone = await phoneCall(id, orgId, '+15550006666');
    expect((await claim(phone.token)).status).toBe(201);
    const callId = phone.callId;
    expect((await chat(callId, 'hello there')).at(-1)).toMatchObject({ end: true });
    expect((await user.raw('POST', `/api/conversations/${callId}/takeover`, {})).status).toBe(200);

    const held = await chat(callId, 'I would like to speak to Ada');
    expect(held).toHaveLength(2);
    expect(held[0]).toEqual({ delta: callHeldNotice });
    expect(held[1]).toMatchObject({ end: true, offline: false, held: 'message_taken' });
    await turnsStored();
    const thread = () =>
      server.db
        .select()
        .from(messages)
        .where(eq(messages.conversationId, callId))
        .orderBy(asc(messages.createdAt));
    const whileHeld = await thread();
    expect(whileHeld.map((m) => [m.role, m.author ?? null])).toEqual([
      ['user', 'visitor'],
      ['assistant', 'agent'],
      ['user', 'visitor'],
    ]);
    expect(whileHeld.at(-1)).toMatchObject({
      id: (held[1] as { message_id: string }).message_id,
      content: 'I would like to speak to Ada',
    });

    expect((await user.raw('POST', `/api/conversations/${callId}/release`, {})).status).toBe(200);
    const after = await chat(callId, 'are you still there');
    expect(after.at(-1)).toMatchObject({ end: true, offline: true });
    expect(after.at(-1)).not.toHaveProperty('held');
    await turnsStored();
    expect((await thread()).slice(3).map((m) => [m.role, m.content === callHeldNotice])).toEqual([
      ['user', false],
      ['assistant', false],
    ]);
  });

  it('lists calls newest first; another organization gets 404 for the agent and the call', async () => {
    const { user, id, orgId } = await agentWithOrg();
    const ids: string[] = [];
    for (const caller of ['console-1a2b3c4d', 'visitor-5e6f7a8b'])
      ids.push(await liveRoomCall(id, orgId, caller));
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
    const { id, orgId } = await agentWithOrg();
    const before = await server.db.select({ id: conversations.id }).from(conversations);
    // The old by-name start (no token) and a token with a bad field: 400 naming it.
    const bare = await post('/calls', { agent_name: id, caller: 'x', transport: 'livekit' });
    expect(bare.status).toBe(400);
    expect(((await bare.json()) as { detail: string }).detail).toMatch(/^call_token/);
    const bad = await post('/calls', { call_token: { ...roomToken(id, orgId), transport: 'fax' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { detail: string }).detail).toMatch(/^call_token\.transport: /);
    expect(await server.db.select({ id: conversations.id }).from(conversations)).toHaveLength(
      before.length,
    );
    const conversation_id = await liveRoomCall(id, orgId);
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
    const { id, orgId } = await agentWithOrg();
    const phone = await phoneCall(id, orgId, '+15550003333');
    expect((await claim(phone.token)).status).toBe(201);
    const callId = phone.callId;
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
});
