import { AudioFrame } from '@livekit/rtc-node';
import { createKnowledgeClient, newAgentId, type AgentUpdateRequest } from '@parley/api-client';
import { startTestServer, type TestServer } from '../../server/test/harness';
import type { AudioSink } from '../src/audioIo';
import { framesToPcm, pcmToFrames, silenceFrames } from '../src/local/audio';
import { ESPEAK_SAMPLE_RATE, EspeakTTS } from '../src/local/espeakTts';
import { phraseGrammar } from '../src/local/pocketsphinxStt';

export const workerSecret = 'worker-secret-for-voice-tests-0123456789';

/** What test callers may say (the local transcriber's JSGF grammar: deterministic). */
export const callerGrammar = phraseGrammar([
  'what are your opening hours',
  'book an appointment',
  'goodbye',
]);

export const openingHours =
  'Opening hours: the clinic is open Monday to Friday from 8 to 18 and Saturday from 9 to 14. Sunday closed.';

/** The Parley server in-process (PGlite), an organization, an agent with a knowledge base. */
export async function serverWithAgent(
  settings: Partial<AgentUpdateRequest> = {},
  env: Record<string, string | undefined> = {},
) {
  const server: TestServer = await startTestServer({
    env: { PARLEY_WORKER_SECRET: workerSecret, ...env },
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
