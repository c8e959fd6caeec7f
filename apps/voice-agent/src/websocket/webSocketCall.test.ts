import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voice } from '@livekit/agents';
import { AudioFrame } from '@livekit/rtc-node';
import {
  encodeCallToken,
  signCallToken,
  streamCallTokenTtlSeconds,
} from '@parley/api-client/call-token';
import { voiceStreamPath } from '@parley/api-client';
import type { EndedBy } from '../callBehaviour';
import { StreamCaller } from '../../test/streamCaller';
import { until } from '../../test/fixtures';
import type { WebSocketCallIo } from './webSocketCall';
import { startWebSocketCallServer } from './webSocketServer';

const secret = 'embedded-secret-for-transport-tests-0123456789';

/** A call session stand-in: records how the transport drives it, emits what a session emits. */
class FakeCall {
  readonly session = new EventEmitter();
  readonly ends: Array<[EndedBy, string]> = [];
  private resolve!: (v: { endedBy: EndedBy; reason: string }) => void;
  readonly ended = new Promise<{ endedBy: EndedBy; reason: string }>((r) => (this.resolve = r));
  constructor(readonly io: WebSocketCallIo) {}
  /** The first end wins, as in callSession. */
  async end(endedBy: EndedBy, reason: string) {
    if (this.ends.length === 0) this.ends.push([endedBy, reason]);
    this.resolve({ endedBy, reason });
    await this.ended;
  }
}

describe('the WebSocket call transport (a fake call session)', () => {
  let server: Awaited<ReturnType<typeof startWebSocketCallServer>>;
  const calls: FakeCall[] = [];
  const rates: number[] = [];
  beforeAll(async () => {
    server = await startWebSocketCallServer({
      port: 0,
      host: '127.0.0.1',
      secret,
      limits: { startTimeoutMs: 300, idleMs: 400, maxCallSeconds: 60 },
      onCall: async ({ sampleRate }, io) => {
        rates.push(sampleRate);
        const call = new FakeCall(io);
        calls.push(call);
        return call as never;
      },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const url = (token = encodeCallToken(signed())) =>
    `ws://127.0.0.1:${server.port}${voiceStreamPath}?token=${token}`;
  const signed = (transport: 'websocket' | 'phone' = 'websocket') =>
    signCallToken(
      secret,
      { transport, agent_id: 'clinic_1', organization_id: 'org-1', caller: 'console-1' },
      { ttlSeconds: streamCallTokenTtlSeconds },
    );
  async function started(sampleRate = 16000) {
    const caller = await StreamCaller.connect(url());
    const before = calls.length;
    caller.start(sampleRate);
    await until('the call to start', () => calls.length > before);
    return { caller, call: calls.at(-1)! };
  }

  it('refuses a socket whose token does not verify or is not for a WebSocket call (403, no call)', async () => {
    const before = calls.length;
    const forged = { ...signed(), agent_id: 'someone_else' };
    for (const token of [encodeCallToken(forged), encodeCallToken(signed('phone')), 'garbage']) {
      const caller = await StreamCaller.connect(url(token));
      expect(caller.refused).toBe(403);
    }
    expect((await StreamCaller.connect(url().replace(voiceStreamPath, '/other'))).refused).toBe(
      404,
    );
    expect(calls.length).toBe(before);
  });

  it('bad frames: audio before start (1008), text that is not JSON (1007), a bad sample rate (1007), an odd number of bytes (1007), over 64 KB (1009)', async () => {
    const closedWith = async (send: (c: StreamCaller) => void) => {
      const caller = await StreamCaller.connect(url());
      send(caller);
      await until('the socket to close', () => caller.closed);
      return { code: caller.closed!.code, end: caller.end() };
    };
    const before = calls.length;
    expect(await closedWith((c) => c.send(Buffer.alloc(640)))).toEqual({
      code: 1008,
      end: { type: 'end', reason: 'send the start frame before audio' },
    });
    expect((await closedWith((c) => c.send('{not json'))).code).toBe(1007);
    expect((await closedWith((c) => c.send('[1,2]'))).code).toBe(1007);
    const rate = await closedWith((c) => c.start(4000));
    expect(rate).toEqual({
      code: 1007,
      end: { type: 'end', reason: 'sample_rate must be at least 8000' },
    });
    expect(calls.length).toBe(before);

    const odd = await started();
    odd.caller.send(Buffer.alloc(641));
    await until('the socket to close', () => odd.caller.closed);
    expect(odd.caller.closed!.code).toBe(1007);
    expect(odd.call.ends).toEqual([
      ['error', 'audio frames are 16-bit samples: an even number of bytes'],
    ]);

    const big = await started();
    big.caller.send(Buffer.alloc(64 * 1024 + 2));
    await until('the socket to close', () => big.caller.closed);
    expect(big.caller.closed!.code).toBe(1009);
    await until('the call to end', () => big.call.ends.length > 0);
    expect(big.call.ends[0]![0]).toBe('error');
  });

  it('no start frame in time, or no frame for a while: the socket is hung up', async () => {
    const silent = await StreamCaller.connect(url());
    await until('the socket to close', () => silent.closed);
    expect(silent.closed!.code).toBe(1008);
    expect(silent.end()).toEqual({ type: 'end', reason: 'no start frame in time' });

    const { caller, call } = await started();
    await until('the socket to close', () => caller.closed);
    expect(call.ends).toEqual([['caller', 'no audio from the caller for 0 s']]);
    expect(caller.closed!.code).toBe(1000);
  });

  it("audio in at the client's rate reaches the session at 16 kHz; the agent's voice, words and states go out; end hangs up", async () => {
    const { caller, call } = await started(48000);
    // The caller's microphone streams all along (the idle limit here is short).
    const microphone = setInterval(() => caller.send(Buffer.alloc(960 * 2)), 50);
    expect(rates.at(-1)).toBe(48000);
    const reader = call.io.input.stream.getReader();
    caller.send(Buffer.alloc(960 * 2 * 5)); // 100 ms at 48 kHz
    const first = (await reader.read()).value as AudioFrame;
    expect(first.sampleRate).toBe(16000);
    reader.releaseLock();

    // The session's events become frames.
    call.session.emit(voice.AgentSessionEventTypes.AgentStateChanged, {
      oldState: 'listening',
      newState: 'thinking',
    });
    call.session.emit(voice.AgentSessionEventTypes.UserInputTranscribed, {
      transcript: 'what are your opening hours',
      isFinal: true,
    });
    await call.io.transcription.captureText('We open');
    await call.io.transcription.captureText(' at eight.');
    call.io.transcription.flush();
    // The agent's voice (22.05 kHz from the synthesizer) arrives at the client's 48 kHz, in 20 ms frames.
    await call.io.output.captureFrame(new AudioFrame(new Int16Array(2205), 22050, 1, 2205));
    call.io.output.flush();
    await until('a tenth of a second of audio', () => caller.audioSeconds(48000) >= 0.09);
    const sizes = caller.arrivals.flatMap((a) => (a.kind === 'audio' ? [a.bytes] : []));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(960 * 2);
    // Barge-in: the output cleared → the client is told to stop playing at once.
    call.io.output.clearBuffer();
    await until('the messages', () => caller.states().includes('listening'));
    expect(caller.messages.filter((m) => m.type !== 'end')).toEqual([
      { type: 'state', value: 'thinking' },
      { type: 'transcript', role: 'user', text: 'what are your opening hours', final: true },
      { type: 'transcript', role: 'agent', text: 'We open', final: false },
      { type: 'transcript', role: 'agent', text: 'We open at eight.', final: false },
      { type: 'transcript', role: 'agent', text: 'We open at eight.', final: true },
      { type: 'state', value: 'listening' },
    ]);

    clearInterval(microphone);
    caller.hangUp();
    await until('the socket to close', () => caller.closed);
    expect(call.ends).toEqual([['caller', 'caller hung up']]);
    expect(caller.closed!.code).toBe(1000);
    expect(caller.end()).toEqual({ type: 'end', reason: 'caller hung up' });
  });

  it('the call ends on its own (the agent hung up): the end frame says why, the socket closes', async () => {
    const { caller, call } = await started();
    await call.end('agent', 'caller said goodbye');
    await until('the socket to close', () => caller.closed);
    expect(caller.end()).toEqual({ type: 'end', reason: 'caller said goodbye' });
    expect(call.ends).toEqual([['agent', 'caller said goodbye']]);
  });
});
