import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AudioSource,
  LocalAudioTrack,
  Room,
  RoomEvent,
  TrackKind,
  TrackPublishOptions,
  TrackSource,
} from '@livekit/rtc-node';
import type { TestServer, TestUser } from '../../server/test/harness';
import { callerSpeech, serverWithAgent, until, workerSecret } from './fixtures';

const live = Boolean(process.env.LIVEKIT_URL);
if (!live)
  console.info(
    'live LiveKit test skipped: set LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET (livekit-server --dev or LiveKit Cloud) to run it',
  );

/**
 * Opt-in: a real LiveKit server. The in-process Parley server issues a token that dispatches the
 * worker (started as `tsx src/main.ts dev`); a participant publishes espeak-ng speech and hears
 * the agent back; the call log holds the turns.
 */
describe.skipIf(!live)('live call through LiveKit', () => {
  let server: TestServer;
  let user: TestUser;
  let agentName: string;
  let worker: ChildProcess;
  beforeAll(async () => {
    const env = {
      LIVEKIT_URL: process.env.LIVEKIT_URL,
      LIVEKIT_API_KEY: process.env.LIVEKIT_API_KEY,
      LIVEKIT_API_SECRET: process.env.LIVEKIT_API_SECRET,
    };
    ({ server, user, agentName } = await serverWithAgent({}, env));
    worker = spawn('npx', ['tsx', 'src/main.ts', 'dev'], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: {
        ...process.env,
        ...env,
        PARLEY_SERVER_URL: server.url,
        PARLEY_WORKER_SECRET: workerSecret,
        PARLEY_PHONE_STREAM_PORT: '0',
      },
      stdio: 'inherit',
    });
  });
  afterAll(async () => {
    worker?.kill('SIGTERM');
    await server?.close();
  });

  it('a participant talks to the agent and hears it answer', async () => {
    const token = await user.voice.generateToken(agentName);
    if (token.transport !== 'livekit') throw new Error('the server did not answer a LiveKit token');
    const room = new Room();
    await room.connect(token.livekit_url, token.token, { autoSubscribe: true, dynacast: false });
    let agentAudio = false;
    room.on(RoomEvent.TrackSubscribed, (track) => {
      if (track.kind === TrackKind.KIND_AUDIO) agentAudio = true;
    });
    const source = new AudioSource(16000, 1);
    const track = LocalAudioTrack.createAudioTrack('mic', source);
    const options = new TrackPublishOptions();
    options.source = TrackSource.SOURCE_MICROPHONE;
    await room.localParticipant!.publishTrack(track, options);
    await until('the agent audio track', () => agentAudio, 60_000);
    for (const frame of await callerSpeech('what are your opening hours'))
      await source.captureFrame(frame);
    const calls = await until(
      'the call in the log',
      async () => (await user.voice.callsForAgent(agentName))[0],
    );
    await until(
      'the answer',
      async () =>
        (await user.voice.call(calls.conversation_id)).transcript.some((t) => t.kind === 'answer'),
      90_000,
    );
    await room.disconnect();
    expect(calls.transport).toBe('livekit');
  });
});
