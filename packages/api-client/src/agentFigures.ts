import { apiModelName, defaultModel, modelProviders } from './schemas/model';

/**
 * What a minute of talking to an agent is expected to cost and how long it is expected to take
 * to answer (spec §3: the agent's `cost`, default '~$0.10/min', and `latency`, default
 * '~1000ms'), from its language model, voice (TTS) and transcriber (STT). The figures are
 * estimates from list prices and typical first-byte times (docs/agent-figures.md says where each
 * comes from); the default agent (GPT-4o, OpenAI tts-1, Deepgram nova-2) comes to the spec's
 * ~$0.10/min and ~1000 ms.
 */

/** What one minute of a conversation is assumed to hold. */
export const minuteAssumptions = {
  /** A turn of each side every 10 s. */
  turnsPerMinute: 6,
  /** System prompt, up to 4 retrieved passages, the conversation so far, tool definitions. */
  inputTokensPerTurn: 4500,
  /** A short spoken answer. */
  outputTokensPerTurn: 120,
  /** The agent speaks about 60 % of a minute at about 15 characters a second. */
  agentSpeechCharsPerMinute: 540,
  /** The call's transport (LiveKit Cloud agent minutes or a phone line), USD per minute. */
  transportUsdPerMinute: 0.01,
  /** Turn detection (end of speech) and the network, ms, whatever the models. */
  fixedLatencyMs: 200,
} as const;

/** A language model: USD per million tokens in and out, ms to its first token. */
export interface ModelFigures {
  inputUsdPerMTokens: number;
  outputUsdPerMTokens: number;
  firstTokenMs: number;
}

/** Language models by display name (spec §3 lists; the API name is `apiModelName` of it). */
export const modelFigures: Record<string, ModelFigures> = {
  'GPT-4o': { inputUsdPerMTokens: 2.5, outputUsdPerMTokens: 10, firstTokenMs: 400 },
  'GPT-4o Mini': { inputUsdPerMTokens: 0.15, outputUsdPerMTokens: 0.6, firstTokenMs: 350 },
  'GPT-4 Turbo': { inputUsdPerMTokens: 10, outputUsdPerMTokens: 30, firstTokenMs: 600 },
  'GPT-4': { inputUsdPerMTokens: 30, outputUsdPerMTokens: 60, firstTokenMs: 700 },
  'GPT-3.5 Turbo': { inputUsdPerMTokens: 0.5, outputUsdPerMTokens: 1.5, firstTokenMs: 350 },
  'Claude Opus 4': { inputUsdPerMTokens: 15, outputUsdPerMTokens: 75, firstTokenMs: 900 },
  'Claude Sonnet 4': { inputUsdPerMTokens: 3, outputUsdPerMTokens: 15, firstTokenMs: 600 },
  'Claude 3.5 Haiku': { inputUsdPerMTokens: 0.8, outputUsdPerMTokens: 4, firstTokenMs: 400 },
  'Claude 3.5 Sonnet (2024-10-22)': {
    inputUsdPerMTokens: 3,
    outputUsdPerMTokens: 15,
    firstTokenMs: 600,
  },
  'Claude 3.5 Sonnet (2024-06-20)': {
    inputUsdPerMTokens: 3,
    outputUsdPerMTokens: 15,
    firstTokenMs: 600,
  },
  'Claude 3.7 Sonnet': { inputUsdPerMTokens: 3, outputUsdPerMTokens: 15, firstTokenMs: 600 },
  'Claude 3 Haiku': { inputUsdPerMTokens: 0.25, outputUsdPerMTokens: 1.25, firstTokenMs: 350 },
  'Claude 3 Opus': { inputUsdPerMTokens: 15, outputUsdPerMTokens: 75, firstTokenMs: 1000 },
  'Claude 3 Sonnet': { inputUsdPerMTokens: 3, outputUsdPerMTokens: 15, firstTokenMs: 600 },
  'Claude Opus 4.1': { inputUsdPerMTokens: 15, outputUsdPerMTokens: 75, firstTokenMs: 900 },
  'DeepSeek Coder': { inputUsdPerMTokens: 0.27, outputUsdPerMTokens: 1.1, firstTokenMs: 800 },
  'DeepSeek Chat': { inputUsdPerMTokens: 0.27, outputUsdPerMTokens: 1.1, firstTokenMs: 800 },
  'DeepSeek Math': { inputUsdPerMTokens: 0.27, outputUsdPerMTokens: 1.1, firstTokenMs: 800 },
  'Llama 3.1 8B': { inputUsdPerMTokens: 0.05, outputUsdPerMTokens: 0.08, firstTokenMs: 200 },
  'Llama 3.1 70B': { inputUsdPerMTokens: 0.59, outputUsdPerMTokens: 0.79, firstTokenMs: 250 },
  'Mixtral 8x7B': { inputUsdPerMTokens: 0.24, outputUsdPerMTokens: 0.24, firstTokenMs: 200 },
  'Gemma 2 9B': { inputUsdPerMTokens: 0.2, outputUsdPerMTokens: 0.2, firstTokenMs: 200 },
  'Gemma 2 27B': { inputUsdPerMTokens: 0.27, outputUsdPerMTokens: 0.27, firstTokenMs: 250 },
  'Grok-1': { inputUsdPerMTokens: 5, outputUsdPerMTokens: 15, firstTokenMs: 700 },
  'Grok-1.5': { inputUsdPerMTokens: 5, outputUsdPerMTokens: 15, firstTokenMs: 700 },
  'Grok-2': { inputUsdPerMTokens: 2, outputUsdPerMTokens: 10, firstTokenMs: 600 },
  'Gemini 1.5 Pro': { inputUsdPerMTokens: 1.25, outputUsdPerMTokens: 5, firstTokenMs: 700 },
  'Gemini 1.5 Flash': { inputUsdPerMTokens: 0.075, outputUsdPerMTokens: 0.3, firstTokenMs: 350 },
  'Gemini 1.0 Pro': { inputUsdPerMTokens: 0.5, outputUsdPerMTokens: 1.5, firstTokenMs: 500 },
  'PaLM 2': { inputUsdPerMTokens: 0.5, outputUsdPerMTokens: 1.5, firstTokenMs: 600 },
};

/** A voice: USD per million characters spoken, ms to its first audio. */
export interface VoiceFigures {
  usdPerMChars: number;
  firstAudioMs: number;
}

/** Voices by `tts_config.provider` and model. */
export const voiceFigures: Record<string, Record<string, VoiceFigures>> = {
  openai: {
    'tts-1': { usdPerMChars: 15, firstAudioMs: 300 },
    'tts-1-hd': { usdPerMChars: 30, firstAudioMs: 500 },
    'gpt-4o-mini-tts': { usdPerMChars: 12, firstAudioMs: 350 },
  },
  elevenlabs: {
    eleven_v3: { usdPerMChars: 180, firstAudioMs: 500 },
    eleven_ttv_v3: { usdPerMChars: 180, firstAudioMs: 500 },
    eleven_multilingual_v2: { usdPerMChars: 180, firstAudioMs: 400 },
    eleven_multilingual_sts_v2: { usdPerMChars: 180, firstAudioMs: 400 },
    eleven_multilingual_ttv_v2: { usdPerMChars: 180, firstAudioMs: 400 },
    eleven_english_sts_v2: { usdPerMChars: 180, firstAudioMs: 400 },
    eleven_flash_v2_5: { usdPerMChars: 90, firstAudioMs: 100 },
    eleven_flash_v2: { usdPerMChars: 90, firstAudioMs: 100 },
    eleven_turbo_v2_5: { usdPerMChars: 90, firstAudioMs: 250 },
    eleven_turbo_v2: { usdPerMChars: 90, firstAudioMs: 250 },
    scribe_v1: { usdPerMChars: 180, firstAudioMs: 400 },
    scribe_v1_experimental: { usdPerMChars: 180, firstAudioMs: 400 },
  },
  cartesian: {
    'sonic-2': { usdPerMChars: 40, firstAudioMs: 100 },
    'sonic-turbo': { usdPerMChars: 40, firstAudioMs: 50 },
    sonic: { usdPerMChars: 40, firstAudioMs: 100 },
  },
  /** espeak-ng on the voice worker: no bill. */
  local: { 'espeak-ng': { usdPerMChars: 0, firstAudioMs: 100 } },
};

/** A transcriber: USD per minute of audio, ms from the end of speech to its final words. */
export interface TranscriberFigures {
  usdPerMinute: number;
  finalMs: number;
}

/** Transcribers by `stt_config.provider` and model. */
export const transcriberFigures: Record<string, Record<string, TranscriberFigures>> = {
  deepgram: {
    'nova-2': { usdPerMinute: 0.0058, finalMs: 100 },
    'nova-3': { usdPerMinute: 0.0077, finalMs: 100 },
  },
  openai: {
    // Not streamed: the whole utterance is sent when it ends.
    'whisper-1': { usdPerMinute: 0.006, finalMs: 500 },
    'gpt-4o-mini-transcribe': { usdPerMinute: 0.003, finalMs: 300 },
  },
  /** pocketsphinx on the voice worker: no bill. */
  local: { pocketsphinx: { usdPerMinute: 0, finalMs: 300 } },
};

export interface AgentFiguresInput {
  /** The language model, by display name ('GPT-4o') or API name ('gpt-4o'). */
  model?: string | null;
  voiceProvider?: string | null;
  voiceModel?: string | null;
  transcriberProvider?: string | null;
  transcriberModel?: string | null;
}

export interface AgentFigures {
  /** USD per minute, or null when a part's price is not in the tables. */
  usdPerMinute: number | null;
  /** Expected ms from the end of the caller's speech to the agent's first audio, or null. */
  latencyMs: number | null;
  /** '~$0.10/min' (or 'unknown' when a part is not in the tables). */
  cost: string;
  /** '~1000ms' (or 'unknown'). */
  latency: string;
}

const allModelNames = Object.values(modelProviders).flat() as string[];

/** The table row of a model given by display or API name. */
export function modelFiguresOf(model: string | null | undefined): ModelFigures | null {
  const name = (model ?? '').trim();
  if (!name) return null;
  const display = allModelNames.find((m) => m === name || apiModelName(m) === name);
  return display ? (modelFigures[display] ?? null) : null;
}

/** '~$0.10/min': to the cent, or a tenth of a cent under one cent ('~$0.004/min'). */
export function formatCostPerMinute(usd: number): string {
  if (usd > 0 && usd < 0.01) return `~$${usd.toFixed(3)}/min`;
  return `~$${usd.toFixed(2)}/min`;
}

/** '~1000ms' (the spec's form): to 50 ms. */
export function formatLatency(ms: number): string {
  return `~${Math.round(ms / 50) * 50}ms`;
}

/** The expected cost per minute and latency of a model, voice and transcriber (see above). */
export function agentFigures(input: AgentFiguresInput): AgentFigures {
  const a = minuteAssumptions;
  const model = modelFiguresOf(input.model ?? defaultModel.apiModel);
  const voice = voiceFigures[input.voiceProvider ?? 'openai']?.[input.voiceModel ?? 'tts-1'];
  const transcriber =
    transcriberFigures[input.transcriberProvider ?? 'deepgram']?.[
      input.transcriberModel ?? 'nova-2'
    ];
  const usdPerMinute =
    model && voice && transcriber
      ? (a.turnsPerMinute *
          (a.inputTokensPerTurn * model.inputUsdPerMTokens +
            a.outputTokensPerTurn * model.outputUsdPerMTokens)) /
          1e6 +
        (a.agentSpeechCharsPerMinute * voice.usdPerMChars) / 1e6 +
        transcriber.usdPerMinute +
        a.transportUsdPerMinute
      : null;
  const latencyMs =
    model && voice && transcriber
      ? a.fixedLatencyMs + transcriber.finalMs + model.firstTokenMs + voice.firstAudioMs
      : null;
  return {
    usdPerMinute,
    latencyMs,
    cost: usdPerMinute === null ? 'unknown' : formatCostPerMinute(usdPerMinute),
    latency: latencyMs === null ? 'unknown' : formatLatency(latencyMs),
  };
}

const objectAt = (value: unknown, key: string): Record<string, unknown> | null => {
  const v = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : null;
  return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
};
const stringAt = (value: Record<string, unknown> | null, key: string): string | null =>
  value && typeof value[key] === 'string' ? (value[key] as string) : null;

/**
 * The figures of an agent as the agent service returns it: `model_name`, `tts_config` and
 * `stt_config` (the spec's defaults where they are missing).
 */
export function agentFiguresOfConfig(config: {
  model_name?: string | null;
  model?: string | null;
  tts_config?: unknown;
  stt_config?: unknown;
}): AgentFigures {
  const tts = config.tts_config && typeof config.tts_config === 'object' ? config.tts_config : null;
  const stt = config.stt_config && typeof config.stt_config === 'object' ? config.stt_config : null;
  const voiceProvider = stringAt(tts as Record<string, unknown> | null, 'provider') ?? 'openai';
  const voiceBlock = objectAt(tts, voiceProvider);
  const voiceModel =
    voiceProvider === 'local'
      ? 'espeak-ng'
      : (stringAt(voiceBlock, voiceProvider === 'elevenlabs' ? 'model_id' : 'model') ??
        (voiceProvider === 'elevenlabs'
          ? 'eleven_v3'
          : voiceProvider === 'cartesian'
            ? 'sonic-2'
            : 'tts-1'));
  const transcriberProvider =
    stringAt(stt as Record<string, unknown> | null, 'provider') ?? 'deepgram';
  const transcriberModel =
    transcriberProvider === 'local'
      ? 'pocketsphinx'
      : (stringAt(objectAt(stt, transcriberProvider), 'model') ??
        (transcriberProvider === 'openai' ? 'whisper-1' : 'nova-2'));
  return agentFigures({
    model: config.model_name ?? config.model ?? defaultModel.apiModel,
    voiceProvider,
    voiceModel,
    transcriberProvider,
    transcriberModel,
  });
}
