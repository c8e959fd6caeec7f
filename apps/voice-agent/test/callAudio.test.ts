import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VAD } from '@livekit/agents';
import * as silero from '@livekit/agents-plugin-silero';
import { PushAudioInput, SinkAudioOutput } from '../src/audioIo';
import { startCall } from '../src/callSession';
import { ServerClient } from '../src/serverClient';
import type { TestServer, TestUser } from '../../server/test/harness';
import {
  CollectingSink,
  callerGrammar,
  callerSpeech,
  serverWithAgent,
  until,
  workerSecret,
} from './fixtures';

describe('a call end to end on local audio (no LiveKit server)', () => {
  let server: TestServer;
  let user: TestUser;
  let agentName: string;
  let vad: VAD;
  beforeAll(async () => {
    ({ server, user, agentName } = await serverWithAgent({ typing_volume: 0 }));
    vad = await silero.VAD.load();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('caller speech → local STT → our runtime with the knowledge base → agent audio; the call log holds both turns', async () => {
    const input = new PushAudioInput();
    const sink = new CollectingSink(24000);
    const call = await startCall({
      server: new ServerClient({ baseUrl: server.url, secret: workerSecret }),
      agentName,
      caller: { identity: 'visitor-test', transport: 'livekit', room: 'room-test' },
      vad,
      io: { input, output: new SinkAudioOutput(sink) },
      localStt: { jsgf: callerGrammar },
    });
    expect(call.offlineVoice).toBe(false);

    // The initial message is said first.
    await until('the initial message', () => sink.seconds.length >= 1);
    expect(sink.seconds[0]).toBeGreaterThan(0.3);

    for (const frame of await callerSpeech('what are your opening hours')) input.push(frame);

    const detail = await until(
      'the answer in the call log',
      async () => {
        const d = await user.voice.call(call.callId);
        const answer = d.transcript.find((t) => t.kind === 'answer');
        return answer && sink.seconds.length >= 2 && d;
      },
      80_000,
    );
    // Audio of the answer came back.
    expect(sink.seconds.slice(1).reduce((a, b) => a + b, 0)).toBeGreaterThan(1);

    await call.end('caller', 'test caller hung up');
    await call.ended;
    await input.close();

    const final = await user.voice.call(call.callId);
    expect(final.transcript.map((t) => [t.speaker, t.kind])).toEqual([
      ['agent', 'initial_message'],
      ['caller', null],
      ['agent', 'answer'],
    ]);
    expect(final.transcript[1]!.text).toBe('what are your opening hours');
    expect(final.transcript[2]!.text).toContain('Monday to Friday');
    expect(final.transcript[2]!.offline).toBe(true);
    expect(final).toMatchObject({
      ended_by: 'caller',
      end_reason: 'test caller hung up',
      transport: 'livekit',
    });
    expect(detail.transcript[2]!.text).toBe(final.transcript[2]!.text);
    // The framework's turn figure (end of speech → first audio) is on the answer.
    await until(
      'the turn latency',
      async () => {
        const d = await user.voice.call(call.callId);
        return typeof d.transcript[2]!.latency_ms === 'number';
      },
      10_000,
    );
  });
});
