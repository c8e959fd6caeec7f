// Voice turn latency through the local pipeline (no LiveKit server): espeak-ng caller speech →
// Silero VAD → pocketsphinx → our runtime (worker → server → a local fake OpenAI-compatible model)
// → espeak-ng agent audio. As in production, the server and the worker are separate processes
// (the fake model a third one). One JSON line per figure.
//
// Figures:
// - end of caller speech → first agent audio (the framework's e2e latency, as the worker logs it
//   in the call log), on the call through our runtime;
// - the model's time to first token as the framework measures it in the worker (its LLM node:
//   from asking the LLM to the first text chunk, `llm_ttft_ms` in the call log), through our
//   runtime (value) against the peer, and the difference (overhead = value − peer; goal ≤ 15 ms
//   at p95): what our runtime adds over the model's own time to first token.
//
// How the peer is measured: the same worker process holds two identical calls of the same agent
// (same VAD, transcriber, voice, audio, call behaviour, call log); one answers through our runtime
// (worker → server: conversation, history, knowledge retrieval, prompt → the fake model), the other
// through the framework's own OpenAI plugin pointed straight at the same fake model. Their turns
// alternate (the other call idle meanwhile), so both figures come from the same process under the
// same load, measured by the same framework code; the overhead is what the hop to our server and
// its work add, not the difference between a busy process and an idle one. (The fake model timed
// directly from this process after the calls is reported too, as `modelDirectIdle`, for context
// only.) Before the calls, both answer paths are warmed with BENCH_VOICE_WARM (300) turns each,
// and each call's first turn warms up and is not counted; BENCH_VOICE_TURNS (30) turns of each
// call are measured. Turns are awaited on the session's own events: nothing polls the server
// while a turn runs.
//
// The runtime path's parts, measured in the server on this machine (median, after the warm-up):
// the call's check, history and retrieval ≈ 5 ms (two statements on the embedded database), the
// model's first delta ≈ 5 ms later; the request to the server and its lines back ≈ 1 ms each.
// A server idle between turns runs every part two to three times slower than in a loop (cold
// caches), which is most of what separates these figures from the in-process ones.
import { fileURLToPath } from 'node:url';
import { startRole } from './roleProcess';
import { initializeLogger, llm, voice } from '@livekit/agents';
import * as openai from '@livekit/agents-plugin-openai';
import * as silero from '@livekit/agents-plugin-silero';
import { PushAudioInput, SinkAudioOutput } from '../apps/voice-agent/src/audioIo';
import { startCall, type Call } from '../apps/voice-agent/src/callSession';
import { ParleyLLM } from '../apps/voice-agent/src/parleyLlm';
import { ServerClient } from '../apps/voice-agent/src/serverClient';
import {
  CollectingSink,
  callerGrammar,
  callerSpeech,
  serverWithAgent,
  until,
  workerSecret,
} from '../apps/voice-agent/test/fixtures';
import { startFakeProvider } from '../apps/server/test/fakeProviders';
import { TestUser } from '../apps/server/test/harness';
import { modelFirstByteMs, pct } from './modelTiming';
import { roomCallTokenTtlSeconds, signCallToken } from '@parley/api-client/call-token';

const role = process.argv[2];
if (role === 'model') {
  const fake = await startFakeProvider();
  fake.reply.words = ['The', ' clinic', ' opens', ' at', ' eight.'];
  setInterval(() => (fake.requests.length = 0), 1000).unref();
  console.log(`READY ${JSON.stringify({ url: fake.url })}`);
} else if (role === 'server') {
  const modelUrl = process.argv[3]!;
  const { server, user, agentName, orgId } = await serverWithAgent(
    { typing_volume: 0, model_live_url: `${modelUrl}/v1`, system_prompt: 'Be brief.' },
    { PARLEY_MODEL_ALLOW_HOSTS: '127.0.0.1' },
  );
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
  console.log(
    `READY ${JSON.stringify({ url: server.url, agentName, orgId, cookies: [...user.cookies] })}`,
  );
} else {
  await main();
}

/** Starts this file in a child process in `roleName`; resolves with what it printed after READY. */
async function child<T>(roleName: string, ...args: string[]) {
  const { child: proc, ready } = await startRole(fileURLToPath(import.meta.url), roleName, args);
  return { proc, ready: JSON.parse(ready) as T };
}

async function main() {
  initializeLogger({ pretty: false, level: 'error' });
  const turns = Number(process.env.BENCH_VOICE_TURNS ?? 30);
  const round = (x: number) => Math.round(x * 10) / 10;

  const model = await child<{ url: string }>('model');
  const fake = model.ready;
  const parley = await child<{
    url: string;
    agentName: string;
    orgId: string;
    cookies: Array<[string, string]>;
  }>('server', fake.url);
  const server = parley.ready;
  const agentName = server.agentName;
  const user = new TestUser(server.url);
  for (const [name, value] of server.cookies) user.cookies.set(name, value);
  const vad = await silero.VAD.load();
  const client = new ServerClient({ baseUrl: server.url, secret: workerSecret });
  /** A browser call's token, as the server signs it into the room dispatch. */
  const callToken = (name: string) =>
    signCallToken(
      workerSecret,
      {
        transport: 'livekit',
        agent_id: agentName,
        organization_id: server.orgId,
        room: `room-${name}`,
        caller: `visitor-${name}`,
      },
      { ttlSeconds: roomCallTokenTtlSeconds },
    );

  /** One call of the agent on custom audio; `llm` replaces our runtime (the peer). */
  async function open(name: string, llm?: InstanceType<typeof openai.LLM>) {
    const input = new PushAudioInput();
    const sink = new CollectingSink(24000);
    const call = await startCall({
      server: client,
      callToken: callToken(name),
      vad,
      io: { input, output: new SinkAudioOutput(sink) },
      localStt: { jsgf: callerGrammar },
      llm,
    });
    await until(`${name}: the initial message`, () => sink.seconds.length >= 1, 60_000);
    return { call, input };
  }
  /** The framework's figures of the next answer of `call` (its model's time to first token). */
  function nextAnswer(call: Call, what: string) {
    return new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), 120_000);
      const onItem = (ev: voice.ConversationItemAddedEvent) => {
        const item = ev.item;
        if (item.type !== 'message' || item.role !== 'assistant') return;
        const ttft = item.metrics?.llmNodeTtft;
        if (ttft === undefined) return; // a line of the call behaviour, not an answer
        clearTimeout(timer);
        call.session.off(voice.AgentSessionEventTypes.ConversationItemAdded, onItem);
        resolve(ttft * 1000);
      };
      call.session.on(voice.AgentSessionEventTypes.ConversationItemAdded, onItem);
    });
  }

  // Both answer paths warmed first, as on a server and a worker that have been running a while
  // (their code compiled and optimised, the embedded database's too): BENCH_VOICE_WARM turns of
  // each, one after the other, straight through the two LLMs (no audio), with varied questions.
  const warmTurns = Number(process.env.BENCH_VOICE_WARM ?? 300);
  if (warmTurns > 0) {
    const warmCall = await client.claimCall(callToken('warm-up'));
    const sides = [
      new ParleyLLM(client, () => warmCall),
      new openai.LLM({ model: 'gpt-4o', baseURL: `${fake.url}/v1`, apiKey: 'no-key' }),
    ];
    const questions = [
      'what are your opening hours',
      'when do you open on saturday',
      'are you open on sunday',
      'what time do you close',
    ];
    for (let i = 0; i < warmTurns; i++)
      for (const side of sides) {
        const chatCtx = llm.ChatContext.empty();
        chatCtx.addMessage({ role: 'user', content: questions[i % questions.length]! });
        for await (const chunk of side.chat({ chatCtx })) void chunk;
      }
    await client.endCall(warmCall, 'caller', 'warm-up done');
  }
  // The same call twice in this process: the agent's model through our runtime, and the peer, the
  // framework's own OpenAI plugin pointed straight at the same fake model. Turns alternate, so
  // both figures are taken under the same load (the other call idle meanwhile).
  const runtime = await open('runtime');
  const peer = await open(
    'peer',
    new openai.LLM({ model: 'gpt-4o', baseURL: `${fake.url}/v1`, apiKey: 'no-key' }),
  );
  const speech = await callerSpeech('what are your opening hours');

  const ttft: number[] = [];
  const peerTtft: number[] = [];
  // Turn 0 warms up (the server's first retrieval and model connection, the worker's first
  // synthesis): not counted, as a server that has been running a while has them warm.
  for (let i = 0; i <= turns; i++) {
    for (const [side, into] of [
      [runtime, ttft],
      [peer, peerTtft],
    ] as const) {
      const answered = nextAnswer(side.call, `answer ${i}`);
      for (const frame of speech) side.input.push(frame);
      const ms = await answered;
      if (i > 0) into.push(ms);
    }
  }
  for (const side of [runtime, peer]) {
    await side.call.end('caller', 'bench done');
    await side.input.close();
  }
  // End of caller speech → first agent audio, as the worker logged it on the runtime call's turns.
  const answers = (await user.voice.call(runtime.call.callId)).transcript.filter(
    (t) => t.kind === 'answer',
  );
  const e2e = answers
    .slice(1)
    .map((a) => a.latency_ms)
    .filter((x): x is number => typeof x === 'number');

  // For context only: the fake model's time to first token measured directly (request → first
  // streamed chunk) on this idle process after the calls.
  const direct: number[] = [];
  for (let i = 0; i < 20; i++) direct.push(await modelFirstByteMs(fake.url));

  for (const p of [50, 95]) {
    console.log(
      JSON.stringify({
        bench: 'voice',
        figure: `end of caller speech → first agent audio, local pipeline (VAD, pocketsphinx, our runtime, espeak-ng), p${p}`,
        value: pct(e2e, p),
        unit: 'ms',
        turns: e2e.length,
      }),
    );
    const value = round(pct(ttft, p));
    const peerValue = round(pct(peerTtft, p));
    console.log(
      JSON.stringify({
        bench: 'voice',
        figure: `model time to first token seen by the worker through our runtime, p${p} (overhead = value - peer; goal ≤ 15 ms at p95)`,
        value,
        unit: 'ms',
        peer: "the same model through the framework's OpenAI plugin, in an identical call in the same worker",
        peerValue,
        overhead: round(value - peerValue),
        turns: ttft.length,
        modelDirectIdle: round(pct(direct, p)),
      }),
    );
  }
  parley.proc.kill('SIGTERM');
  model.proc.kill('SIGTERM');
  process.exit(0);
}
