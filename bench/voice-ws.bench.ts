// The WebSocket call transport (issue 43: voice without LiveKit, served by `npm start`) against
// the phone media-stream transport, in the same run: end of the caller's speech → the first agent
// audio frame over the socket, p50/p95 over BENCH_VOICE_WS_TURNS (20) turns of each. One JSON
// line per figure.
//
// Both calls run the same pipeline (Silero VAD, pocketsphinx limited to the test phrases, the
// agent's model through our runtime — a local fake OpenAI-compatible model — and espeak-ng), each
// in a worker process of its own, as in production:
// - the WebSocket call goes to the Parley server's /voice/stream, which hands the connection to
//   the voice worker it runs as its child process (apps/voice-agent/src/embedded.ts);
// - the phone call is a fake Twilio client on the media stream of a voice worker started as
//   `npm run voice-agent` starts it without LiveKit (startPhoneStreamServer + startCall), with
//   the stream token the server's TwiML gave it.
// Both clients stream their microphone in real time, 20 ms frames (WebSocket: PCM16 at 16 kHz;
// phone: μ-law at 8 kHz), silence between questions, and play the agent's audio back at its real
// length (the phone client echoes Twilio's marks once a segment would have played). Each turn is
// the same espeak-ng question; the clock starts when the question's last frame was due to end
// and stops when the first agent audio frame after it arrives. Turns alternate between the two
// calls (the other idle, streaming silence), so both figures share the machine's load. Turn 0 of
// each warms up and is not counted.
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import { initializeLogger, type VAD } from '@livekit/agents';
import * as silero from '@livekit/agents-plugin-silero';
import { startRole } from './roleProcess';
import { pct } from './modelTiming';
import { startCall } from '../apps/voice-agent/src/callSession';
import { ServerClient } from '../apps/voice-agent/src/serverClient';
import { startPhoneStreamServer } from '../apps/voice-agent/src/phone/twilioMediaStream';
import { mulaw } from '../apps/voice-agent/src/phone/mulaw';
import { framesToPcm, pcmToFrames } from '../apps/voice-agent/src/local/audio';
import { parseWav } from '../apps/voice-agent/src/local/subprocess';
import {
  answeredPhoneCall,
  callerGrammar,
  callerWav,
  serverWithAgent,
  until,
  workerSecret,
} from '../apps/voice-agent/test/fixtures';
import { StreamCaller } from '../apps/voice-agent/test/streamCaller';
import { startFakeProvider } from '../apps/server/test/fakeProviders';
import { TestUser } from '../apps/server/test/harness';

async function child<T>(roleName: string, ...args: string[]) {
  const { child: proc, ready } = await startRole(fileURLToPath(import.meta.url), roleName, args);
  return { proc, ready: JSON.parse(ready) as T };
}

const FRAME_MS = 20;

/**
 * A caller's microphone in real time: one frame every 20 ms (the next queued one, else silence),
 * sent when due by the clock, not by a timer's drift. `speak` queues a question and resolves with
 * the moment its last frame's audio ends.
 */
class Microphone {
  private queue: Buffer[] = [];
  private sent = 0;
  private readonly started = performance.now();
  private timer: NodeJS.Timeout;
  private waiting: { last: number; resolve: (end: number) => void } | null = null;
  constructor(
    private readonly silence: Buffer,
    private readonly send: (frame: Buffer) => void,
  ) {
    this.timer = setInterval(() => this.tick(), 5);
  }
  private tick() {
    const due = Math.floor((performance.now() - this.started) / FRAME_MS);
    while (this.sent < due) {
      const frame = this.queue.shift();
      this.send(frame ?? this.silence);
      this.sent++;
      if (frame && this.waiting && this.queue.length === 0) {
        this.waiting.resolve(this.started + this.sent * FRAME_MS);
        this.waiting = null;
      }
    }
  }
  speak(frames: Buffer[]): Promise<number> {
    this.queue.push(...frames);
    return new Promise((resolve) => (this.waiting = { last: frames.length, resolve }));
  }
  stop() {
    clearInterval(this.timer);
  }
}

/** A fake Twilio on the worker's media stream: μ-law in, media and marks back (played in real time). */
class PhoneCaller {
  readonly ws: WebSocket;
  /** Arrival times of agent media frames (performance.now()). */
  readonly media: number[] = [];
  private playhead = 0;
  private marksPending = 0;
  constructor(url: string) {
    this.ws = new WebSocket(url);
    this.ws.on('message', (data) => {
      const msg = JSON.parse(data.toString()) as {
        event: string;
        media?: { payload: string };
        mark?: { name: string };
      };
      const now = performance.now();
      if (msg.event === 'media') {
        this.media.push(now);
        const seconds = Buffer.from(msg.media!.payload, 'base64').length / 8000;
        this.playhead = Math.max(this.playhead, now) + seconds * 1000;
      } else if (msg.event === 'clear') this.playhead = now;
      else if (msg.event === 'mark') {
        this.marksPending++;
        setTimeout(
          () => {
            this.marksPending--;
            this.send({ event: 'mark', streamSid: 'MZbench', mark: msg.mark });
          },
          Math.max(0, this.playhead - now),
        );
      }
    });
  }
  send(message: object) {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(JSON.stringify(message));
  }
  /** Nothing left to play: every mark echoed, the audio's time passed. */
  get quiet(): boolean {
    return this.marksPending === 0 && performance.now() > this.playhead;
  }
}

/** Progress on stderr (the figures are the JSON lines on stdout). */
const progress = (what: string) => console.error(`voice-ws: ${what}`);

/** The role processes started, stopped when the bench ends (also when it fails). */
const roles: ChildProcess[] = [];

async function main() {
  initializeLogger({ pretty: false, level: 'error' });
  const turns = Number(process.env.BENCH_VOICE_WS_TURNS ?? 20);
  const round = (x: number) => Math.round(x * 10) / 10;

  const model = await child<{ url: string }>('model');
  roles.push(model.proc);
  const parley = await child<{
    url: string;
    agentName: string;
    orgId: string;
    cookies: Array<[string, string]>;
  }>('server', model.ready.url);
  roles.push(parley.proc);
  const server = parley.ready;
  const phoneWorker = await child<{ port: number }>('phone', server.url);
  roles.push(phoneWorker.proc);
  progress('server, model and phone worker ready');
  const user = new TestUser(server.url);
  for (const [name, value] of server.cookies) user.cookies.set(name, value);

  // The question: 0.5 s of silence, the words (espeak-ng), as 20 ms frames of each transport.
  const { pcm } = parseWav(await callerWav('what are your opening hours', 0));
  const wsFrames = pcmToFrames(pcm, 16000).map((f) => Buffer.from(f.data.buffer));
  const phoneFrames = pcmToFrames(framesToPcm(pcmToFrames(pcm, 16000), 8000), 8000).map((f) =>
    Buffer.from(mulaw.encode(f.data)),
  );

  // The WebSocket call, as the console makes it: the token, the stream, the start frame.
  const join = await user.voice.generateToken(server.agentName);
  if (join.transport !== 'websocket') throw new Error('bench: expected the WebSocket transport');
  const wsCaller = await StreamCaller.connect(join.url);
  if (wsCaller.refused) throw new Error(`bench: stream refused (${wsCaller.refused})`);
  wsCaller.start(16000);
  const wsMic = new Microphone(Buffer.alloc(640), (f) => wsCaller.send(f));

  // The phone call, as Twilio makes it: the server answered the number with the stream token.
  const answered = await answeredPhoneCall(user, server.orgId, server.agentName);
  const phone = new PhoneCaller(`ws://127.0.0.1:${phoneWorker.ready.port}/phone/stream`);
  await new Promise((r) => phone.ws.once('open', r));
  phone.send({ event: 'connected', protocol: 'Call', version: '1.0.0' });
  phone.send({
    event: 'start',
    streamSid: 'MZbench',
    start: {
      streamSid: 'MZbench',
      callSid: answered.parameters.call_sid,
      mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
      customParameters: answered.parameters,
    },
  });
  const phoneMic = new Microphone(Buffer.from(mulaw.encode(new Int16Array(160))), (f) =>
    phone.send({ event: 'media', streamSid: 'MZbench', media: { payload: f.toString('base64') } }),
  );

  progress('both calls connected');
  // Both greetings played, and the framework's 3 s echo-canceller warm-up over.
  await until('the WebSocket greeting', () => wsCaller.states().includes('speaking'), 120_000);
  await until('the phone greeting', () => phone.media.length > 0, 120_000);
  const settle = async () => {
    await until(
      'both calls listening',
      () => wsCaller.states().at(-1) === 'listening' && phone.quiet,
      60_000,
    );
    await new Promise((r) => setTimeout(r, 1000));
  };
  await new Promise((r) => setTimeout(r, 3000));
  await settle();

  const wsLatency: number[] = [];
  const phoneLatency: number[] = [];
  for (let i = 0; i <= turns; i++) {
    // The WebSocket call's turn.
    const wsFrom = wsCaller.arrivals.length;
    const wsEnd = await wsMic.speak(wsFrames);
    const wsFirst = await until(
      `WebSocket answer ${i}`,
      () =>
        wsCaller.arrivals
          .slice(wsFrom)
          .find((a) => a.kind === 'audio' && a.at >= performance.timeOrigin + wsEnd),
      60_000,
    );
    // arrivals carry Date.now(); the microphone's clock is performance.now(): convert.
    const wsMs = wsFirst.at - (performance.timeOrigin + wsEnd);
    await settle();
    progress(`turn ${i}: WebSocket answered`);
    // The phone call's turn.
    const phoneFrom = phone.media.length;
    const phoneEnd = await phoneMic.speak(phoneFrames);
    const phoneFirst = await until(
      `phone answer ${i}`,
      () => phone.media.slice(phoneFrom).find((t) => t >= phoneEnd),
      60_000,
    );
    const phoneMs = phoneFirst - phoneEnd;
    await settle();
    progress(`turn ${i}: WebSocket ${Math.round(wsMs)} ms, phone ${Math.round(phoneMs)} ms`);
    if (i > 0) {
      wsLatency.push(wsMs);
      phoneLatency.push(phoneMs);
    }
  }
  wsMic.stop();
  phoneMic.stop();
  wsCaller.hangUp();
  phone.send({ event: 'stop', streamSid: 'MZbench' });

  for (const p of [50, 95]) {
    const value = round(pct(wsLatency, p));
    const peerValue = round(pct(phoneLatency, p));
    console.log(
      JSON.stringify({
        bench: 'voice-ws',
        figure: `end of caller speech → first agent audio frame over the socket, WebSocket transport (npm start, no LiveKit), p${p} (goal: within 10% of the phone stream)`,
        value,
        unit: 'ms',
        peer: 'the phone media-stream transport (fake Twilio, μ-law 8 kHz) on the voice worker, same agent and pipeline, turns alternating in the same run',
        peerValue,
        ratio: Math.round((value / peerValue) * 1000) / 1000,
        turns: wsLatency.length,
      }),
    );
  }
}

// Which process this is: the bench itself, or one of its roles (started by `child`).
const role = process.argv[2];
if (role === 'model') {
  const fake = await startFakeProvider();
  fake.reply.words = ['The', ' clinic', ' opens', ' at', ' eight.'];
  setInterval(() => (fake.requests.length = 0), 1000).unref();
  console.log(`READY ${JSON.stringify({ url: fake.url })}`);
} else if (role === 'server') {
  const grammar = join(await mkdtemp(join(tmpdir(), 'parley-bench-')), 'callers.jsgf');
  await writeFile(grammar, callerGrammar);
  const { server, user, agentName, orgId } = await serverWithAgent(
    {
      typing_volume: 0,
      nudge_interval: 60,
      model_live_url: `${process.argv[3]!}/v1`,
      system_prompt: 'Be brief.',
    },
    {
      LIVEKIT_URL: undefined,
      LIVEKIT_API_KEY: undefined,
      LIVEKIT_API_SECRET: undefined,
      PARLEY_MODEL_ALLOW_HOSTS: '127.0.0.1',
      PARLEY_LOCAL_STT_GRAMMAR: grammar,
    },
  );
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
  console.log(
    `READY ${JSON.stringify({ url: server.url, agentName, orgId, cookies: [...user.cookies] })}`,
  );
} else if (role === 'phone') {
  // The voice worker as `npm run voice-agent` runs it without LiveKit: phone streams only.
  initializeLogger({ pretty: false, level: 'error' });
  const server = new ServerClient({ baseUrl: process.argv[3]!, secret: workerSecret });
  const vad: VAD = await silero.VAD.load();
  const phone = await startPhoneStreamServer({
    port: 0,
    host: '127.0.0.1',
    secret: workerSecret,
    onCall: (info, io, hangUp) =>
      startCall({
        server,
        callToken: info.callToken,
        vad,
        io,
        hangUp,
        localStt: { jsgf: callerGrammar },
      }),
  });
  console.log(`READY ${JSON.stringify({ port: phone.port })}`);
} else {
  try {
    await main();
  } finally {
    for (const proc of roles) proc.kill('SIGTERM');
  }
  process.exit(0);
}
