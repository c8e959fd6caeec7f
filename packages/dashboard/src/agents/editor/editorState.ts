import {
  apiModelName,
  apiProviderId,
  datasetConfigs,
  defaultModel,
  defaultSystemPrompt,
  sttConfigSchema,
  toolsDefaults,
  ttsConfigSchema,
  type AgentConfig,
  type ModelConfigRequest,
  type ModelProviderName,
  type SttConfig,
  type TtsConfig,
} from '@parley/api-client';
import { defaultAgentUrl } from '../../api/addresses';
import type { AgentUpdate } from '../../api/DashboardApi';
import {
  isModelProvider,
  isResponseFormat,
  modelProviderNames,
  modelsOf,
  transcriberLanguages,
  transcriberModels,
  voiceLanguages,
  voiceModels,
} from './options';
import {
  clampSpeed,
  clampUnit,
  fitLanguage,
  parseMaxCallDuration,
  parseMaxNudges,
  parseNudgeInterval,
  parseTypingVolume,
} from './providerRules';
import type { CheckedField, FieldProblems } from './fieldRules';
import type {
  EditorDefaults,
  EditorSettings,
  ModelSettings,
  ToolsSettings,
  TranscriberSettings,
  VoiceSettings,
} from './types';

/** The editor's default initial message (spec §9: "editor default"). */
export const editorInitialMessage = "Hello! I'm your AI assistant, how can I help you today?";

/** Spec §9: a default agent URL ending in /v1/chat-messages. */
export { defaultAgentUrl };

export const emptyDefaults: EditorDefaults = {
  modelKeys: {},
  voiceKeys: {},
  voiceIds: {},
  transcriberKeys: {},
  agentUrl: defaultAgentUrl(''),
};

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

// ---------------------------------------------------------------- model

/** 'langgenius/openai/openai', 'openai' or 'OpenAI' → 'OpenAI' (unknown → the default). */
export function modelProviderFromWire(value: unknown): ModelProviderName {
  const text = str(value);
  if (!text) return defaultModel.provider;
  if (isModelProvider(text)) return text;
  const lower = text.toLowerCase();
  return (
    modelProviderNames.find((p) => apiProviderId(p) === lower || p.toLowerCase() === lower) ??
    defaultModel.provider
  );
}

/** 'gpt-4o-mini' or 'GPT-4o Mini' → 'GPT-4o Mini' within the provider (unknown → first). */
export function modelFromWire(provider: ModelProviderName, value: unknown): string {
  const models = modelsOf(provider);
  const text = str(value);
  const wanted = text ? apiModelName(text) : '';
  return models.find((m) => apiModelName(m) === wanted) ?? models[0] ?? '';
}

function modelFromConfig(config: AgentConfig, defaults: EditorDefaults): ModelSettings {
  const provider = modelProviderFromWire(config.model_provider ?? config.provider);
  const storedKey = str(config['model_api_key_masked']) ?? str(config['model_api_key']);
  const liveUrl = str(config['model_live_url']) ?? '';
  return {
    provider,
    model: modelFromWire(provider, config.model_name ?? config.model),
    apiKey: storedKey || (defaults.modelKeys[provider] ?? ''),
    liveUrl,
    ...(storedKey ? { keyAddress: liveUrl } : {}),
    agentUrl: config.chatbot_api || defaults.agentUrl,
    agentApiKey: config.chatbot_key ?? '',
    systemPrompt: config.system_prompt ?? defaultSystemPrompt,
  };
}

// ---------------------------------------------------------------- voice

/** The editor's voice state for a tts_config (spec §9 defaults when absent or invalid). */
export function voiceFromTts(raw: unknown, defaults: EditorDefaults): VoiceSettings {
  const parsed = ttsConfigSchema.safeParse(raw);
  const tts: TtsConfig = parsed.success ? parsed.data : { provider: 'openai' };
  const provider = tts.provider;
  const base: VoiceSettings = {
    provider,
    model: voiceModels[provider][0] ?? '',
    language: 'en',
    speed: clampSpeed(provider, 1),
    apiKey: defaults.voiceKeys[provider] ?? '',
    voiceId: defaults.voiceIds[provider] ?? '',
    voice: 'alloy',
    stability: 0.5,
    similarityBoost: 0.5,
    responseFormat: 'mp3',
  };
  let v: VoiceSettings;
  if (provider === 'openai') {
    const o = tts.openai;
    v = {
      ...base,
      model: o?.model ?? 'tts-1',
      speed: clampSpeed('openai', o?.speed ?? 1),
      apiKey: o?.api_key || base.apiKey,
      voice: o?.voice ?? 'alloy',
      responseFormat: isResponseFormat(o?.response_format) ? o.response_format : 'mp3',
      language: o?.language ?? 'en',
    };
  } else if (provider === 'elevenlabs') {
    const e = tts.elevenlabs;
    v = {
      ...base,
      model: e?.model_id ?? 'eleven_v3',
      speed: clampSpeed('elevenlabs', e?.speed ?? 1),
      apiKey: e?.api_key || base.apiKey,
      voiceId: e?.voice_id || base.voiceId,
      stability: clampUnit(e?.stability ?? 0.5),
      similarityBoost: clampUnit(e?.similarity_boost ?? 0.5),
    };
  } else if (provider === 'local') {
    const l = tts.local;
    v = {
      ...base,
      model: 'espeak-ng',
      speed: clampSpeed('local', l?.speed ?? 1),
      language: l?.voice ?? 'en-us',
    };
  } else {
    const c = tts.cartesian;
    v = {
      ...base,
      model: c?.model ?? 'sonic-2',
      speed: clampSpeed('cartesian', c?.speed ?? 0),
      apiKey: c?.tts_api_key || base.apiKey,
      voiceId: c?.voice_id || base.voiceId,
      language: c?.language ?? 'en',
    };
  }
  return { ...v, language: fitLanguage(v.language, voiceLanguages(v.provider, v.model)) };
}

/** The tts_config of the publish payload (only the active provider's block). */
export function ttsFromVoice(v: VoiceSettings): TtsConfig {
  const key = v.apiKey || undefined;
  const voiceId = v.voiceId || undefined;
  if (v.provider === 'openai') {
    return {
      provider: 'openai',
      openai: {
        model: v.model,
        speed: clampSpeed('openai', v.speed),
        api_key: key,
        voice: v.voice,
        response_format: v.responseFormat,
        language: v.language || 'en',
      },
    };
  }
  if (v.provider === 'elevenlabs') {
    return {
      provider: 'elevenlabs',
      elevenlabs: {
        voice_id: voiceId,
        api_key: key,
        model_id: v.model,
        speed: clampSpeed('elevenlabs', v.speed),
        stability: clampUnit(v.stability),
        similarity_boost: clampUnit(v.similarityBoost),
      },
    };
  }
  if (v.provider === 'local') {
    return {
      provider: 'local',
      local: { voice: v.language || 'en-us', speed: clampSpeed('local', v.speed) },
    };
  }
  return {
    provider: 'cartesian',
    cartesian: {
      voice_id: voiceId,
      tts_api_key: key,
      model: v.model,
      speed: clampSpeed('cartesian', v.speed),
      language: v.language || undefined,
    },
  };
}

// ---------------------------------------------------------------- transcriber

/** The editor's transcriber state for an stt_config (editor default: interim results on). */
export function transcriberFromStt(raw: unknown, defaults: EditorDefaults): TranscriberSettings {
  const parsed = raw === undefined || raw === null ? null : sttConfigSchema.safeParse(raw);
  const stt: SttConfig | null = parsed?.success ? parsed.data : null;
  if (stt?.provider === 'openai') {
    const o = stt.openai;
    const model = o?.model ?? 'whisper-1';
    return {
      provider: 'openai',
      model,
      language: fitLanguage(o?.language ?? 'multi', transcriberLanguages('openai', model)),
      apiKey: o?.api_key || (defaults.transcriberKeys.openai ?? ''),
      punctuate: true,
      smartFormat: true,
      interimResults: true,
    };
  }
  if (stt?.provider === 'local') {
    return {
      provider: 'local',
      model: 'pocketsphinx',
      language: 'en-US',
      apiKey: '',
      punctuate: true,
      smartFormat: true,
      interimResults: true,
    };
  }
  const d = stt?.deepgram;
  const model = d?.model ?? transcriberModels.deepgram[0] ?? 'nova-2';
  return {
    provider: 'deepgram',
    model,
    language: fitLanguage(d?.language ?? 'en-US', transcriberLanguages('deepgram', model)),
    apiKey: d?.api_key || (defaults.transcriberKeys.deepgram ?? ''),
    punctuate: d?.punctuate ?? true,
    smartFormat: d?.smart_format ?? true,
    interimResults: d ? d.interim_results : true,
  };
}

/** The stt_config of the publish payload (OpenAI 'multi' is stored as null). */
export function sttFromTranscriber(t: TranscriberSettings): SttConfig {
  const key = t.apiKey || undefined;
  if (t.provider === 'local') return { provider: 'local', local: { language: 'en-US' } };
  if (t.provider === 'openai') {
    return {
      provider: 'openai',
      openai: {
        api_key: key,
        model: t.model,
        language: t.language && t.language !== 'multi' ? t.language : null,
      },
    };
  }
  return {
    provider: 'deepgram',
    deepgram: {
      api_key: key,
      model: t.model,
      language: t.language || 'en-US',
      punctuate: t.punctuate,
      smart_format: t.smartFormat,
      interim_results: t.interimResults,
    },
  };
}

// ---------------------------------------------------------------- tools, knowledge, all

export function toolsFromConfig(config: AgentConfig): ToolsSettings {
  return {
    initialMessage: config.initial_message ?? editorInitialMessage,
    nudgeText: config.nudge_text ?? toolsDefaults.nudge_text,
    nudgeInterval: parseNudgeInterval(config.nudge_interval ?? toolsDefaults.nudge_interval),
    maxNudges: parseMaxNudges(config.max_nudges ?? toolsDefaults.max_nudges),
    typingVolume: parseTypingVolume(config.typing_volume ?? toolsDefaults.typing_volume),
    maxCallDuration: parseMaxCallDuration(
      config.max_call_duration ?? toolsDefaults.max_call_duration,
    ),
  };
}

/** Saved knowledge selection: the agent's knowledge_base_ids. */
export function knowledgeIdsFromConfig(config: AgentConfig): string[] {
  const ids = config['knowledge_base_ids'];
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

/** The editor state for an agent config (spec §9 defaults where the agent has none). */
export function settingsFromConfig(config: AgentConfig, defaults: EditorDefaults): EditorSettings {
  return {
    model: modelFromConfig(config, defaults),
    voice: voiceFromTts(config.tts_config, defaults),
    transcriber: transcriberFromStt(config.stt_config, defaults),
    tools: toolsFromConfig(config),
    knowledgeBaseIds: knowledgeIdsFromConfig(config),
  };
}

/** The wire field of each checked editor field (left out of the saves while invalid). */
const wireFieldOf: Record<Exclude<CheckedField, 'modelApiKey'>, keyof AgentUpdate> = {
  systemPrompt: 'system_prompt',
  liveUrl: 'model_live_url',
  agentUrl: 'chatbot_api',
  agentApiKey: 'chatbot_key',
  initialMessage: 'initial_message',
  nudgeText: 'nudge_text',
};

/**
 * Every field of the publish payload (plus the model fields of the create payload), without the
 * fields named in `problems`: the server keeps their stored values while the others save.
 */
export function toAgentUpdate(s: EditorSettings, problems: FieldProblems = {}): AgentUpdate {
  const update = fullAgentUpdate(s);
  for (const [field, wire] of Object.entries(wireFieldOf) as Array<
    [Exclude<CheckedField, 'modelApiKey'>, keyof AgentUpdate]
  >) {
    if (problems[field]) delete update[wire];
  }
  return update;
}

function fullAgentUpdate(s: EditorSettings): AgentUpdate {
  return {
    tts_config: ttsFromVoice(s.voice),
    stt_config: sttFromTranscriber(s.transcriber),
    initial_message: s.tools.initialMessage,
    nudge_text: s.tools.nudgeText,
    nudge_interval: s.tools.nudgeInterval,
    max_nudges: s.tools.maxNudges,
    typing_volume: s.tools.typingVolume,
    max_call_duration: s.tools.maxCallDuration,
    system_prompt: s.model.systemPrompt,
    model_provider: apiProviderId(s.model.provider),
    model_name: apiModelName(s.model.model),
    model_api_key: s.model.apiKey,
    model_live_url: s.model.liveUrl,
    chatbot_api: s.model.agentUrl || null,
    chatbot_key: s.model.agentApiKey || null,
  };
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The app id must be a UUID (spec §5). */
export const isAppId = (value: unknown): value is string =>
  typeof value === 'string' && uuidPattern.test(value);

/**
 * POST /api/model-config body. With `knowledge` it is the knowledge variant: app_id and
 * dataset_configs (single retrieval, top_k 4, no reranking).
 */
export function toModelConfigRequest(
  model: ModelSettings,
  knowledge?: { appId: string; datasetIds: string[] },
  problems: FieldProblems = {},
): ModelConfigRequest {
  return {
    provider: apiProviderId(model.provider),
    model: apiModelName(model.model),
    api_key: model.apiKey,
    chatbot_api_key: model.agentApiKey,
    ...(problems.liveUrl ? {} : { model_live_url: model.liveUrl }),
    ...(knowledge
      ? { app_id: knowledge.appId, dataset_configs: datasetConfigs(knowledge.datasetIds) }
      : {}),
  };
}
