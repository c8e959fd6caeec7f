import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer, TestUser } from '../../server/test/harness';
import { callerGrammar, callerWav, serverWithAgent, until, wavFrames } from './fixtures';
import { StreamCaller } from './streamCaller';

/**
 * Voice without LiveKit, as `npm start` serves it: the server answers the token with its own
 * WebSocket stream, hands the connection to the voice worker it runs as a child process (the
 * same call session as LiveKit rooms and phone streams) and logs the call.
 */
describe('WebSocket calls through the server (embedded voice worker)', () => {
  let server: TestServer;
  let user: TestUser;
  let agentName: string;
  let orgId: string;
  let question: Buffer[];
  beforeAll(async () => {
    // The local transcriber limited to the test phrases (deterministic), as an operator may set it.
    const grammar = join(await mkdtemp(join(tmpdir(), 'parley-ws-test-')), 'caller.jsgf');
    await writeFile(grammar, callerGrammar);
    ({ server, user, agentName, orgId } = await serverWithAgent(
      { typing_volume: 0 },
      {
        LIVEKIT_URL: undefined,
        LIVEKIT_API_KEY: undefined,
        LIVEKIT_API_SECRET: undefined,
        PARLEY_LOCAL_STT_GRAMMAR: grammar,
      },
    ));
    question = wavFrames(await callerWav('what are your opening hours'));
  });
  afterAll(async () => {
    await server?.close();
  });

  async function call() {
    const join = await user.voice.generateToken(agentName);
    if (join.transport !== 'websocket') throw new Error('expected the WebSocket transport');
    return { join, caller: await StreamCaller.connect(join.url) };
  }

  it('a WAV in 20 ms frames → the caller’s words and the agent’s answer, as text and audio; the call log holds it', async () => {
    const { join, caller } = await call();
    expect(join.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/voice\/stream\?token=[\w-]+$/);
    caller.start(16000);
    // The agent greets first with its initial message, as text and voice.
    await until('the greeting', () => caller.finals('agent').length >= 1, 60_000);
    expect(caller.finals('agent')[0]).toBe('Welcome to the clinic.');
    await until('the greeting audio', () => caller.audioSeconds() > 0.5);
    await until('the agent to listen', () => caller.states().at(-1) === 'listening');

    const before = caller.arrivals.length;
    await caller.stream(question);
    await until('the caller’s words', () => caller.finals('user').length >= 1, 60_000);
    expect(caller.finals('user')).toEqual(['what are your opening hours']);
    await until('the answer', () => caller.finals('agent').length >= 2, 60_000);
    // The offline responder answers from the knowledge base.
    expect(caller.finals('agent')[1]).toContain('Monday to Friday');
    await until('a second of the answer', () => caller.audioSeconds(16000, before) > 1, 60_000);
    expect(caller.states()).toEqual(expect.arrayContaining(['speaking', 'listening', 'thinking']));

    // The caller hangs up: the server says so and closes.
    caller.hangUp();
    await until('the socket to close', () => caller.closed);
    expect(caller.closed!.code).toBe(1000);
    expect(caller.end()).toEqual({ type: 'end', reason: 'caller hung up' });

    const calls = await user.voice.callsForAgent(agentName);
    const logged = await until('the call ended in the log', async () => {
      const detail = await user.voice.call(calls[0]!.conversation_id);
      return detail.ended_at ? detail : undefined;
    });
    expect(logged).toMatchObject({
      transport: 'websocket',
      source: 'browser',
      ended_by: 'caller',
      end_reason: 'caller hung up',
    });
    expect(logged.transcript.map((t) => [t.speaker, t.kind])).toEqual([
      ['agent', 'initial_message'],
      ['caller', null],
      ['agent', 'answer'],
    ]);
    expect(logged.transcript[1]!.text).toBe('what are your opening hours');
  });

  it('the token is single-use: the same URL again is refused once it starts', async () => {
    const { join, caller } = await call();
    caller.start();
    await until('the greeting', () => caller.finals('agent').length >= 1, 60_000);
    caller.hangUp();
    await until('the first call to close', () => caller.closed);

    const replay = await StreamCaller.connect(join.url);
    replay.start();
    await until('the replay to close', () => replay.closed, 30_000);
    expect(replay.closed!.code).toBe(1008);
    expect(replay.end()?.type).toBe('end');
    expect((replay.end() as { reason: string }).reason).toMatch(/no longer valid/);
    expect(replay.audioSeconds()).toBe(0);
  });

  it('barge-in: the caller speaks over a long greeting → the agent stops (listening) long before its audio would end', async () => {
    await user.agents.update(agentName, {
      organization_id: orgId,
      initial_message: Array(12)
        .fill('Thank you for calling the clinic, this message is long on purpose.')
        .join(' '),
    });
    try {
      const { caller } = await call();
      caller.start();
      await until('the greeting audio', () => caller.audioSeconds() > 10, 60_000);
      const startedAt = caller.arrivals.find((a) => a.kind === 'audio')!.at;
      expect(caller.states().at(-1)).toBe('speaking');
      const from = caller.messages.length;
      // The framework ignores the caller for the first 3 s of the agent's first speech (its echo
      // canceller's warm-up, on every transport): 4 s of silence first, streamed in real time.
      const silence = Array.from({ length: 200 }, () => Buffer.alloc(640));
      await caller.stream([...silence, ...question], 20);
      await until(
        'the agent to stop speaking',
        () => caller.messages.slice(from).some((m) => m.type === 'state' && m.value !== 'speaking'),
        60_000,
      );
      // Without the barge-in, the agent would be speaking until the greeting it had sent so far
      // had played out (it sends its voice as fast as it is made; the client plays it in time).
      const stoppedAfter = (Date.now() - startedAt) / 1000;
      expect(stoppedAfter).toBeLessThan(caller.audioSeconds() - 2);
      caller.hangUp();
      await until('the socket to close', () => caller.closed);
    } finally {
      await user.agents.update(agentName, {
        organization_id: orgId,
        initial_message: 'Welcome to the clinic.',
      });
    }
  });
});
