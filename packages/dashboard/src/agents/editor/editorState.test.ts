// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  agentUpdateRequestSchema,
  defaultSttConfig,
  defaultSystemPrompt,
  defaultTtsConfig,
  modelConfigRequestSchema,
  toolsDefaults,
} from '@parley/api-client';
import {
  defaultAgentUrl,
  editorInitialMessage,
  emptyDefaults,
  modelFromWire,
  modelProviderFromWire,
  settingsFromConfig,
  sttFromTranscriber,
  toAgentUpdate,
  toModelConfigRequest,
  transcriberFromStt,
  ttsFromVoice,
  voiceFromTts,
} from './editorState';

const defaults = { ...emptyDefaults, agentUrl: defaultAgentUrl('http://host') };

describe('settingsFromConfig', () => {
  it('given a bare agent › fills the editor defaults (spec §9)', () => {
    const s = settingsFromConfig({ agent_name: 'a' }, defaults);
    expect(s.model).toEqual({
      provider: 'OpenAI',
      model: 'GPT-4o',
      apiKey: '',
      liveUrl: '',
      agentUrl: 'http://host/v1/chat-messages',
      agentApiKey: '',
      systemPrompt: defaultSystemPrompt,
    });
    expect(s.voice).toMatchObject({
      provider: 'openai',
      model: 'tts-1',
      voice: 'alloy',
      responseFormat: 'mp3',
      speed: 1,
      language: 'en',
      stability: 0.5,
      similarityBoost: 0.5,
    });
    expect(s.transcriber).toMatchObject({
      provider: 'deepgram',
      model: 'nova-2',
      language: 'en-US',
      punctuate: true,
      smartFormat: true,
      interimResults: true,
    });
    expect(s.tools).toEqual({
      initialMessage: editorInitialMessage,
      nudgeText: 'Hello, Are you still there?',
      nudgeInterval: 15,
      maxNudges: 3,
      typingVolume: 0.8,
      maxCallDuration: 300,
    });
    expect(s.knowledgeBaseIds).toEqual([]);
  });

  it('reads the wire model names, the masked key and the knowledge ids', () => {
    const s = settingsFromConfig(
      {
        model_provider: 'langgenius/anthropic/anthropic',
        model_name: 'claude-3-7-sonnet',
        model_api_key_masked: '••••••abcd',
        model_live_url: 'wss://live',
        chatbot_api: 'http://host/v1',
        chatbot_key: 'app-1',
        knowledge_base_ids: ['kb1', 2, 'kb2'],
        nudge_interval: 99,
      },
      defaults,
    );
    expect(s.model).toMatchObject({
      provider: 'Anthropic',
      model: 'Claude 3.7 Sonnet',
      apiKey: '••••••abcd',
      liveUrl: 'wss://live',
      agentUrl: 'http://host/v1',
      agentApiKey: 'app-1',
    });
    expect(s.knowledgeBaseIds).toEqual(['kb1', 'kb2']);
    expect(s.tools.nudgeInterval).toBe(60);
  });

  it('maps provider and model names both ways', () => {
    expect(modelProviderFromWire('openai')).toBe('OpenAI');
    expect(modelProviderFromWire('nope')).toBe('OpenAI');
    expect(modelFromWire('OpenAI', 'gpt-4o-mini')).toBe('GPT-4o Mini');
    expect(modelFromWire('OpenAI', 'GPT-4 Turbo')).toBe('GPT-4 Turbo');
    expect(modelFromWire('Groq', undefined)).toBe('Llama 3.1 8B');
  });
});

describe('voice and transcriber round trips', () => {
  it('round-trips each TTS provider block', () => {
    const openai = voiceFromTts(defaultTtsConfig, emptyDefaults);
    expect(ttsFromVoice(openai)).toEqual({
      provider: 'openai',
      openai: {
        model: 'tts-1',
        speed: 1,
        api_key: undefined,
        voice: 'alloy',
        response_format: 'mp3',
        language: 'en',
      },
    });
    const eleven = voiceFromTts(
      {
        provider: 'elevenlabs',
        elevenlabs: { voice_id: 'v1', api_key: 'k', model_id: 'eleven_flash_v2', stability: 0.7 },
      },
      emptyDefaults,
    );
    expect(eleven).toMatchObject({ model: 'eleven_flash_v2', language: 'en', stability: 0.7 });
    expect(ttsFromVoice(eleven).elevenlabs).toMatchObject({
      voice_id: 'v1',
      api_key: 'k',
      model_id: 'eleven_flash_v2',
      stability: 0.7,
      similarity_boost: 0.5,
    });
    const cartesia = voiceFromTts(
      { provider: 'cartesian', cartesian: { model: 'sonic', speed: -1, language: 'fr' } },
      { ...emptyDefaults, voiceIds: { cartesian: 'cv' } },
    );
    expect(ttsFromVoice(cartesia)).toEqual({
      provider: 'cartesian',
      cartesian: {
        voice_id: 'cv',
        tts_api_key: undefined,
        model: 'sonic',
        speed: -1,
        language: 'fr',
      },
    });
  });

  it('stores OpenAI auto-detect as language null', () => {
    const t = transcriberFromStt(
      { provider: 'openai', openai: { model: 'whisper-1', language: null } },
      emptyDefaults,
    );
    expect(t.language).toBe('multi');
    expect(sttFromTranscriber(t)).toEqual({
      provider: 'openai',
      openai: { api_key: undefined, model: 'whisper-1', language: null },
    });
    expect(sttFromTranscriber({ ...t, language: 'de' }).openai?.language).toBe('de');
  });

  it('keeps the Deepgram toggles', () => {
    const t = transcriberFromStt(defaultSttConfig, emptyDefaults);
    expect(t.interimResults).toBe(false);
    expect(sttFromTranscriber({ ...t, punctuate: false }).deepgram).toMatchObject({
      model: 'nova-2',
      language: 'en-US',
      punctuate: false,
      smart_format: true,
      interim_results: false,
    });
  });
});

describe('payloads', () => {
  it('builds every field of the publish payload, valid for the contract', () => {
    const s = settingsFromConfig({ chatbot_key: 'app-1', chatbot_api: 'http://h/v1' }, defaults);
    const patch = toAgentUpdate(s);
    expect(Object.keys(patch).sort()).toEqual(
      [
        'tts_config',
        'stt_config',
        'initial_message',
        'nudge_text',
        'nudge_interval',
        'max_nudges',
        'typing_volume',
        'max_call_duration',
        'system_prompt',
        'model_provider',
        'model_name',
        'model_api_key',
        'model_live_url',
        'chatbot_api',
        'chatbot_key',
      ].sort(),
    );
    expect(patch).toMatchObject({
      model_provider: 'langgenius/openai/openai',
      model_name: 'gpt-4o',
      max_call_duration: toolsDefaults.max_call_duration,
    });
    expect(agentUpdateRequestSchema.safeParse({ ...patch, organization_id: 'o' }).success).toBe(
      true,
    );
  });

  it('builds the knowledge variant of the model config', () => {
    const s = settingsFromConfig({ chatbot_key: 'app-1' }, defaults);
    const body = toModelConfigRequest(s.model, {
      appId: '0f8fad5b-d9cb-469f-a165-70867728950e',
      datasetIds: ['kb1'],
    });
    expect(body).toMatchObject({
      provider: 'langgenius/openai/openai',
      model: 'gpt-4o',
      chatbot_api_key: 'app-1',
      app_id: '0f8fad5b-d9cb-469f-a165-70867728950e',
      dataset_configs: {
        retrieval_model: 'single',
        datasets: ['kb1'],
        top_k: 4,
        reranking_enable: false,
      },
    });
    expect(modelConfigRequestSchema.safeParse(body).success).toBe(true);
    expect(toModelConfigRequest(s.model)).not.toHaveProperty('dataset_configs');
  });
});

describe('the local (offline) provider', () => {
  it('round-trips tts_config and stt_config with provider local', async () => {
    const { voiceFromTts, ttsFromVoice, transcriberFromStt, sttFromTranscriber, emptyDefaults } =
      await import('./editorState');
    const voice = voiceFromTts(
      { provider: 'local', local: { voice: 'en-gb', speed: 1.2 } },
      emptyDefaults,
    );
    expect(voice).toMatchObject({
      provider: 'local',
      model: 'espeak-ng',
      language: 'en-gb',
      speed: 1.2,
    });
    expect(ttsFromVoice(voice)).toEqual({
      provider: 'local',
      local: { voice: 'en-gb', speed: 1.2 },
    });
    const t = transcriberFromStt(
      { provider: 'local', local: { language: 'en-US' } },
      emptyDefaults,
    );
    expect(t).toMatchObject({ provider: 'local', model: 'pocketsphinx', language: 'en-US' });
    expect(sttFromTranscriber(t)).toEqual({ provider: 'local', local: { language: 'en-US' } });
  });
});
