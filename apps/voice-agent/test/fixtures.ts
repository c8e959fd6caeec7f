import { AudioFrame } from '@livekit/rtc-node';
import {
  createAgentToolsClient,
  createKnowledgeClient,
  newAgentId,
  type AgentUpdateRequest,
  type ToolSaveRequest,
} from '@parley/api-client';
import type { CallToken } from '@parley/api-client/call-token';
import { startTestServer, type TestServer, type TestUser } from '../../server/test/harness';
import { callTokenOfJob } from '../src/agent';
import type { AudioSink } from '../src/audioIo';
import { framesToPcm, pcmToFrames, silenceFrames } from '../src/local/audio';
import { ESPEAK_SAMPLE_RATE, EspeakTTS } from '../src/local/espeakTts';
import { phraseGrammar } from '../src/local/pocketsphinxStt';
import { parseWav, run } from '../src/local/subprocess';

export const workerSecret = 'worker-secret-for-voice-tests-0123456789';

/** What test callers may say (the local transcriber's JSGF grammar: deterministic). */
export const callerGrammar = phraseGrammar([
  'what are your opening hours',
  'book an appointment',
  'goodbye',
]);

export const openingHours =
  'Opening hours: the clinic is open Monday to Friday from 8 to 18 and Saturday from 9 to 14. Sunday closed.';

const testLivekit = {
  LIVEKIT_URL: 'ws://127.0.0.1:7880',
  LIVEKIT_API_KEY: 'APIvoicetests',
  LIVEKIT_API_SECRET: 'voice-tests-livekit-secret-0123456789abcdef',
};

/**
 * A browser call as the server offers it to the worker: the caller's token from
 * POST /voice/tokens/generate, and the call token the server put in its room dispatch (read
 * and checked as the LiveKit job does).
 */
export async function dispatchedCall(
  user: TestUser,
  agentName: string,
): Promise<{ room: string; identity: string; callToken: CallToken }> {
  const issued = await user.voice.generateToken(agentName);
  if (issued.transport !== 'livekit') throw new Error('the server did not answer a LiveKit token');
  const claims = JSON.parse(Buffer.from(issued.token.split('.')[1]!, 'base64url').toString()) as {
    roomConfig: { agents: Array<{ metadata: string }> };
  };
  const metadata = claims.roomConfig.agents[0]!.metadata;
  const room = issued.room_name ?? '';
  return {
    room,
    identity: issued.participant_identity ?? '',
    callToken: callTokenOfJob(metadata, room, workerSecret),
  };
}

/**
 * A phone call as the server answers it (the sandbox provider's simulated inbound call, signed
 * and checked like Twilio's webhook): a number of the organization assigned to the agent, and
 * the stream `<Parameter>`s (the phone stream token) of the TwiML it answered.
 */
export async function answeredPhoneCall(
  user: TestUser,
  orgId: string,
  agentName: string,
  from = '+15550001111',
) {
  await user.voice.syncAllProviders({ organization_id: orgId });
  const numbers = (await user.voice.phoneNumberPage(orgId)).phone_numbers;
  const number = numbers.find((n) => n.voice_enabled)!;
  if (number.agent_id !== agentName) await user.voice.assign(number.phone_id, agentName);
  const answer = await user.voice.simulateEvent(orgId, {
    event: 'voice',
    from,
    to: number.phone_number,
  });
  const parameters = Object.fromEntries(
    [...answer.twiml.matchAll(/<Parameter name="([^"]+)" value="([^"]*)"\/>/g)].map((m) => [
      m[1]!,
      m[2]!,
    ]),
  );
  return { to: number.phone_number, callId: answer.conversation_id!, parameters };
}

/** The Parley server in-process (PGlite), an organization, an agent with a knowledge base. */
export async function serverWithAgent(
  settings: Partial<AgentUpdateRequest> = {},
  env: Record<string, string | undefined> = {},
) {
  const server: TestServer = await startTestServer({
    // LiveKit settings only to sign callers' tokens (no LiveKit server is reached), unless given.
    env: { PARLEY_WORKER_SECRET: workerSecret, ...testLivekit, ...env },
  });
  const user = server.newUser();
  const orgId = await user.withOrg('Clinic');
  const kbs = createKnowledgeClient({ baseUrl: '/api/knowledge-bases', fetch: user.fetch });
  const kb = await kbs.create({ name: 'Clinic FAQ', indexingTechnique: 'economy' });
  const doc = await kbs.addText(kb.id, {
    name: 'hours.md',
    content: `# Hours\n\n${openingHours}`,
    chunkSettings: { minSectionSize: 50 },
  });
  for (let i = 0; ; i++) {
    const d = (await kbs.documents(kb.id)).find((x) => x.id === doc.id);
    if (d?.status === 'completed') break;
    if (i > 200) throw new Error('the document was never indexed');
    await new Promise((r) => setTimeout(r, 50));
  }
  const agentName = newAgentId('clinic');
  const app = await user.apps.createAgent({ agentName, organizationId: orgId });
  await user.agents.update(agentName, {
    organization_id: orgId,
    initial_message: 'Welcome to the clinic.',
    tts_config: { provider: 'local', local: { voice: 'en-us', speed: 1.5 } },
    stt_config: { provider: 'local', local: { language: 'en-US' } },
    ...settings,
  });
  await user.attachKnowledge(app.data!.appKey, [kb.id]);
  return { server, user, orgId, agentName };
}

/**
 * An Action Agent of the organization whose model is the fake tool-calling model on loopback
 * (through model_live_url; the server needs PARLEY_MODEL_ALLOW_HOSTS=127.0.0.1), with tools.
 */
export async function toolAgent(
  user: TestUser,
  orgId: string,
  modelUrl: string,
  tools: ToolSaveRequest[],
): Promise<string> {
  const agentName = newAgentId('desk');
  await user.apps.createAgent({ agentName, organizationId: orgId, agentType: 'action' });
  await user.agents.update(agentName, {
    organization_id: orgId,
    initial_message: 'Welcome to the clinic.',
    tts_config: { provider: 'local', local: { voice: 'en-us', speed: 1.5 } },
    stt_config: { provider: 'local', local: { language: 'en-US' } },
    typing_volume: 0,
    model_live_url: `${modelUrl}/v1`,
    model_name: 'gpt-4o-mini',
  });
  const client = createAgentToolsClient({ baseUrl: '/api/agents', fetch: user.fetch });
  for (const tool of tools) await client.create(agentName, tool);
  return agentName;
}

/** Caller speech made with espeak-ng: 0.5 s of silence (the VAD would clip the first word), the words, then silence. */
export async function callerSpeech(text: string, rate = 16000): Promise<AudioFrame[]> {
  const pcm = await new EspeakTTS({ speed: 0.9 }).pcm(text);
  const speech = framesToPcm(pcmToFrames(pcm, ESPEAK_SAMPLE_RATE), rate);
  return [...silenceFrames(rate, 500), ...pcmToFrames(speech, rate), ...silenceFrames(rate, 1500)];
}

/** A sink that keeps every frame and says each segment was played at once. */
export class CollectingSink implements AudioSink {
  readonly segments: AudioFrame[][] = [[]];
  cleared = 0;
  constructor(readonly sampleRate = 24000) {}
  write(frame: AudioFrame) {
    this.segments.at(-1)!.push(frame);
  }
  endSegment(played: () => void) {
    this.segments.push([]);
    setTimeout(played, 0);
  }
  clear() {
    this.cleared++;
  }
  /** Seconds of audio of each finished segment. */
  get seconds(): number[] {
    return this.segments
      .slice(0, -1)
      .map((s) => s.reduce((n, f) => n + f.samplesPerChannel / f.sampleRate, 0));
  }
}

export async function until<T>(
  what: string,
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 60_000,
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A 16-bit mono RIFF/WAVE file of `pcm` at `rate`. */
export function wavFile(pcm: Buffer, rate: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

/**
 * A caller's question as espeak-ng says it, in a WAVE file at 16 kHz: half a second of silence
 * (the VAD would clip the first word), the words, then `trailingMs` of silence.
 */
export async function callerWav(text: string, trailingMs = 1500): Promise<Buffer> {
  const wav = await run('espeak-ng', ['-v', 'en-us', '-s', '160', '--stdout', '--', text], null);
  const { pcm, sampleRate } = parseWav(wav);
  const speech = framesToPcm(pcmToFrames(pcm, sampleRate), 16000);
  const silence = (ms: number) => Buffer.alloc(Math.round((16000 * ms) / 1000) * 2);
  return wavFile(Buffer.concat([silence(500), speech, silence(trailingMs)]), 16000);
}

/** A WAVE file's PCM cut into frames of `ms` (the WebSocket client's 20 ms frames). */
export function wavFrames(wav: Buffer, ms = 20): Buffer[] {
  const { pcm, sampleRate } = parseWav(wav);
  const step = Math.round((sampleRate * ms) / 1000) * 2;
  const frames: Buffer[] = [];
  for (let at = 0; at < pcm.length; at += step) frames.push(pcm.subarray(at, at + step));
  return frames;
}
