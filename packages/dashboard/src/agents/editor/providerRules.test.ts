// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  changeModelProvider,
  clampSpeed,
  clampUnit,
  formatDuration,
  isUserConfiguredKey,
  isValidAgentKeyFormat,
  modelKeyPlaceholder,
  sharedModelKeyNotice,
  parseDurationText,
  parseMaxCallDuration,
  parseMaxNudges,
  parseNudgeInterval,
  parseTypingVolume,
  updateTranscriber,
  updateVoice,
} from './providerRules';
import type { ModelSettings, TranscriberSettings, VoiceSettings } from './types';

const defaults = {
  modelKeys: { OpenAI: 'sk-default-openai', Anthropic: 'sk-ant-default' },
  voiceKeys: { openai: 'sk-voice-openai', elevenlabs: 'el-key', cartesian: 'ca-key' },
  voiceIds: { elevenlabs: 'el-voice', cartesian: 'ca-voice' },
  transcriberKeys: { deepgram: 'dg-key', openai: 'sk-stt' },
};

const model: ModelSettings = {
  provider: 'OpenAI',
  model: 'GPT-4',
  apiKey: 'sk-mine',
  liveUrl: '',
  agentUrl: 'http://x/v1',
  agentApiKey: 'app-1',
  systemPrompt: 'p',
};

const voice: VoiceSettings = {
  provider: 'openai',
  model: 'tts-1-hd',
  language: 'en',
  speed: 1.5,
  apiKey: 'sk-voice-openai',
  voiceId: '',
  voice: 'nova',
  stability: 0.5,
  similarityBoost: 0.5,
  responseFormat: 'wav',
};

const transcriber: TranscriberSettings = {
  provider: 'deepgram',
  model: 'nova-2',
  language: 'th-TH',
  apiKey: 'dg-key',
  punctuate: true,
  smartFormat: true,
  interimResults: true,
};

describe('model provider change (spec §4)', () => {
  it('resets the model to the first one and swaps in the default key', () => {
    expect(changeModelProvider(model, 'Anthropic', defaults)).toEqual({
      ...model,
      provider: 'Anthropic',
      model: 'Claude Opus 4',
      apiKey: 'sk-ant-default',
    });
  });
  it('given a provider without a default key › clears the key', () => {
    expect(changeModelProvider(model, 'Groq', defaults).apiKey).toBe('');
  });
  it('given the same provider › changes nothing', () => {
    expect(changeModelProvider(model, 'OpenAI', defaults)).toBe(model);
  });
});

describe('voice provider change (spec §4)', () => {
  it('resets model, voice alloy, key and voice id to the provider defaults', () => {
    const next = updateVoice(voice, { provider: 'cartesian' }, defaults);
    expect(next).toMatchObject({
      provider: 'cartesian',
      model: 'sonic-2',
      voice: 'alloy',
      apiKey: 'ca-key',
      voiceId: 'ca-voice',
      language: 'en',
      speed: 1.5,
    });
  });
  it('given 11Labs › picks the first supported language of eleven_v3 (eng)', () => {
    const next = updateVoice(voice, { provider: 'elevenlabs' }, defaults);
    expect(next).toMatchObject({ model: 'eleven_v3', language: 'eng', speed: 1.2 });
  });
  it('given an 11Labs model change and an unsupported language › resets to the first supported', () => {
    const el = updateVoice(voice, { provider: 'elevenlabs' }, defaults);
    const withHu = updateVoice(el, { model: 'eleven_flash_v2_5', language: 'hu' }, defaults);
    expect(withHu.language).toBe('hu');
    expect(updateVoice(withHu, { model: 'eleven_multilingual_v2' }, defaults).language).toBe('en');
    const withFr = { ...withHu, language: 'fr' };
    expect(updateVoice(withFr, { model: 'eleven_multilingual_v2' }, defaults).language).toBe('fr');
  });
  it('given a plain field change › keeps everything else', () => {
    expect(updateVoice(voice, { voice: 'echo' }, defaults)).toEqual({ ...voice, voice: 'echo' });
  });
});

describe('transcriber changes (spec §4)', () => {
  it('given a provider change › first model, language en, default key', () => {
    expect(updateTranscriber(transcriber, { provider: 'openai' }, defaults)).toMatchObject({
      provider: 'openai',
      model: 'whisper-1',
      language: 'en',
      apiKey: 'sk-stt',
    });
  });
  it('given a model change and an unsupported language › resets to the first supported', () => {
    expect(updateTranscriber(transcriber, { model: 'nova-3' }, defaults).language).toBe('en');
    const ja = { ...transcriber, language: 'ja' };
    expect(updateTranscriber(ja, { model: 'nova-3' }, defaults).language).toBe('ja');
  });
});

describe('tools validators (spec §5)', () => {
  it('nudge interval: 5 to 60 s, non-numeric → 15', () => {
    expect(parseNudgeInterval('20')).toBe(20);
    expect(parseNudgeInterval('2')).toBe(5);
    expect(parseNudgeInterval('99')).toBe(60);
    expect(parseNudgeInterval('abc')).toBe(15);
    expect(parseNudgeInterval('')).toBe(15);
    expect(parseNudgeInterval(12.6)).toBe(13);
  });
  it('max nudges: 1 to 10, non-numeric → 3', () => {
    expect(parseMaxNudges('4')).toBe(4);
    expect(parseMaxNudges('0')).toBe(1);
    expect(parseMaxNudges('11')).toBe(10);
    expect(parseMaxNudges('x')).toBe(3);
  });
  it('typing volume: 0 to 1 step 0.1, non-numeric → 0.8', () => {
    expect(parseTypingVolume(0.34)).toBe(0.3);
    expect(parseTypingVolume(1.7)).toBe(1);
    expect(parseTypingVolume(-1)).toBe(0);
    expect(parseTypingVolume('loud')).toBe(0.8);
  });
  it('max call duration: 0 to 600 step 30, non-numeric → 300', () => {
    expect(parseMaxCallDuration(95)).toBe(90);
    expect(parseMaxCallDuration(700)).toBe(600);
    expect(parseMaxCallDuration('?')).toBe(300);
  });
  it('m:ss text box: parsed, clamped, invalid → 300', () => {
    expect(formatDuration(300)).toBe('5:00');
    expect(formatDuration(45)).toBe('0:45');
    expect(formatDuration(600)).toBe('10:00');
    expect(parseDurationText('4:30')).toBe(270);
    expect(parseDurationText(' 10:00 ')).toBe(600);
    expect(parseDurationText('12:00')).toBe(600);
    expect(parseDurationText('4:75')).toBe(300);
    expect(parseDurationText('five')).toBe(300);
    expect(parseDurationText('')).toBe(300);
  });
});

describe('voice validators (spec §5)', () => {
  it('OpenAI speed 0.25–4 step 0.25', () => {
    expect(clampSpeed('openai', 0)).toBe(0.25);
    expect(clampSpeed('openai', 1.3)).toBe(1.25);
    expect(clampSpeed('openai', 9)).toBe(4);
  });
  it('Cartesia speed −2–2 step 0.1', () => {
    expect(clampSpeed('cartesian', -3)).toBe(-2);
    expect(clampSpeed('cartesian', 0.44)).toBe(0.4);
  });
  it('stability and similarity 0–1 step 0.1', () => {
    expect(clampUnit(0.46)).toBe(0.5);
    expect(clampUnit(2)).toBe(1);
    expect(clampUnit('x')).toBe(0.5);
  });
});

describe('keys (spec §5, §9)', () => {
  it('given sk-, gsk_ or sk-ant- that differs from the default › user-configured', () => {
    expect(isUserConfiguredKey('sk-abc', 'sk-default')).toBe(true);
    expect(isUserConfiguredKey('gsk_abc')).toBe(true);
    expect(isUserConfiguredKey('sk-ant-abc', 'sk-ant-default')).toBe(true);
    expect(isUserConfiguredKey('sk-default', 'sk-default')).toBe(false);
    expect(isUserConfiguredKey('pk-abc')).toBe(false);
    expect(isUserConfiguredKey('')).toBe(false);
  });
  it("shows each provider's own key prefix as the placeholder, never sk- for the others", () => {
    expect(modelKeyPlaceholder('OpenAI')).toBe('sk-...');
    expect(modelKeyPlaceholder('Anthropic')).toBe('sk-ant-...');
    expect(modelKeyPlaceholder('Groq')).toBe('gsk_...');
    expect(modelKeyPlaceholder('Google')).toBe('AIza...');
    expect(modelKeyPlaceholder('XAI')).toBe('xai-...');
    expect(modelKeyPlaceholder('DeepSeek')).toBe('sk-...');
  });
  it('given a masked stored key › user-configured', () => {
    expect(isUserConfiguredKey('••••••abcd', 'sk-default')).toBe(true);
  });
  it('agent keys must start with app- or sk-', () => {
    expect(isValidAgentKeyFormat('app-123')).toBe(true);
    expect(isValidAgentKeyFormat('sk-123')).toBe(true);
    expect(isValidAgentKeyFormat('key-123')).toBe(false);
  });
});

describe('sharedModelKeyNotice', () => {
  const shared = {
    organization_id: 'org-2',
    served: false,
    model_providers: ['openai'],
    voice_providers: [],
    twilio: false,
    sandbox_numbers: false,
  };
  it('names the shared key where it would have been used but does not serve the organization', () => {
    expect(sharedModelKeyNotice(shared, 'OpenAI', '')).toMatch(
      /^This install's shared OpenAI key serves only its first organization/,
    );
  });
  it('says nothing when the key serves it, the agent has its own key, or no shared key exists', () => {
    expect(sharedModelKeyNotice({ ...shared, served: true }, 'OpenAI', '')).toBeNull();
    expect(sharedModelKeyNotice(shared, 'OpenAI', 'sk-own-key-0123456789')).toBeNull();
    expect(sharedModelKeyNotice(shared, 'Anthropic', '')).toBeNull();
    expect(sharedModelKeyNotice(undefined, 'OpenAI', '')).toBeNull();
  });
});
