// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { modelProviders } from '@parley/api-client';
import {
  voiceCatalogueOf,
  modelOptionsFor,
  modelProviderOptions,
  noLanguagesText,
  openAiVoices,
  responseFormats,
  speedRanges,
  transcriberLanguages,
  transcriberModels,
  transcriberProviderOptions,
  voiceLanguageEditable,
  voiceLanguages,
  voiceModels,
  voiceProviderOptions,
} from './options';

const codes = (list: Array<{ value: string }>) => list.map((l) => l.value);

describe('model options (spec §3)', () => {
  it('lists the contract providers and their models in order', () => {
    expect(modelProviderOptions.map((o) => o.value)).toEqual(Object.keys(modelProviders));
    expect(modelOptionsFor('OpenAI').map((o) => o.label)).toEqual([
      'GPT-4o',
      'GPT-4o Mini',
      'GPT-4 Turbo',
      'GPT-4',
      'GPT-3.5 Turbo',
    ]);
    expect(modelOptionsFor('Anthropic')).toHaveLength(10);
  });
});

describe('voice options (spec §3)', () => {
  it('names the providers OpenAI, 11Labs and Cartesia, plus the offline voice', () => {
    expect(voiceProviderOptions).toEqual([
      { value: 'openai', label: 'OpenAI' },
      { value: 'elevenlabs', label: '11Labs' },
      { value: 'cartesian', label: 'Cartesia' },
      { value: 'local', label: 'Local (offline)' },
    ]);
  });

  it('has the spec models, voices and formats', () => {
    expect(voiceModels.openai).toEqual(['tts-1', 'tts-1-hd', 'gpt-4o-mini-tts']);
    expect(voiceModels.cartesian).toEqual(['sonic-2', 'sonic-turbo', 'sonic']);
    expect(voiceModels.elevenlabs).toHaveLength(12);
    expect(voiceModels.elevenlabs[0]).toBe('eleven_v3');
    expect(openAiVoices.join(' ')).toBe('alloy ash ballad coral echo fable nova onyx sage shimmer');
    expect(responseFormats).toEqual(['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm']);
  });

  it('gives Cartesia 15 languages for each Sonic model', () => {
    for (const model of voiceModels.cartesian) {
      expect(voiceLanguages('cartesian', model)).toHaveLength(15);
    }
  });

  it('maps 11Labs models to three-letter or two-letter codes', () => {
    expect(voiceLanguages('elevenlabs', 'eleven_v3')).toHaveLength(74);
    expect(voiceLanguages('elevenlabs', 'eleven_v3')[0]).toEqual({
      value: 'eng',
      label: 'English',
    });
    expect(voiceLanguages('elevenlabs', 'scribe_v1')).toHaveLength(99);
    expect(voiceLanguages('elevenlabs', 'eleven_multilingual_v2')).toHaveLength(29);
    expect(voiceLanguages('elevenlabs', 'eleven_flash_v2_5')).toHaveLength(32);
    expect(codes(voiceLanguages('elevenlabs', 'eleven_turbo_v2'))).toEqual(['en']);
    for (const model of voiceModels.elevenlabs) {
      const list = codes(voiceLanguages('elevenlabs', model));
      expect(list.length).toBeGreaterThan(0);
      expect(new Set(list).size).toBe(list.length);
    }
  });

  it('disables the language choice for OpenAI and 11Labs only', () => {
    expect(voiceLanguageEditable('openai')).toBe(false);
    expect(voiceLanguageEditable('elevenlabs')).toBe(false);
    expect(voiceLanguageEditable('cartesian')).toBe(true);
  });

  it('has the spec speed ranges', () => {
    expect(speedRanges.openai).toEqual({ min: 0.25, max: 4, step: 0.25 });
    expect(speedRanges.cartesian).toEqual({ min: -2, max: 2, step: 0.1 });
  });
});

describe('transcriber options (spec §3)', () => {
  it('has Deepgram nova-2, nova-3 and OpenAI whisper-1, gpt-4o-mini-transcribe', () => {
    expect(transcriberModels).toEqual({
      deepgram: ['nova-2', 'nova-3'],
      openai: ['whisper-1', 'gpt-4o-mini-transcribe'],
      local: ['pocketsphinx'],
    });
    expect(transcriberProviderOptions.at(-1)).toEqual({ value: 'local', label: 'Local (offline)' });
  });

  it('lists Deepgram regional variants per model', () => {
    const nova2 = codes(transcriberLanguages('deepgram', 'nova-2'));
    const nova3 = codes(transcriberLanguages('deepgram', 'nova-3'));
    expect(nova2).toEqual(expect.arrayContaining(['en-US', 'en-GB', 'en-AU', 'es-419', 'th-TH']));
    expect(nova2).toContain('zh-HK');
    expect(nova3).not.toContain('th');
    expect(nova3).toEqual(expect.arrayContaining(['en-NZ', 'pt-PT', 'nl-BE']));
  });

  it('uses a Whisper-style list for OpenAI, with auto-detect', () => {
    const list = codes(transcriberLanguages('openai', 'whisper-1'));
    expect(list[0]).toBe('en');
    expect(list).toEqual(expect.arrayContaining(['af', 'cy', 'ur', 'multi']));
    expect(list).toHaveLength(58);
  });

  it("given no languages › the select shows 'No languages available'", () => {
    expect(transcriberLanguages('deepgram', 'unknown')).toEqual([]);
    expect(voiceLanguages('elevenlabs', 'unknown')).toEqual([]);
    expect(noLanguagesText).toBe('No languages available');
  });

  it("lists voices in 'Change voice' for 11Labs and Cartesia only, by their Integrations names", () => {
    expect(voiceCatalogueOf('elevenlabs')).toEqual({
      integration: 'elevenlabs',
      label: 'ElevenLabs',
    });
    expect(voiceCatalogueOf('cartesian')).toEqual({ integration: 'cartesia', label: 'Cartesia' });
    expect(voiceCatalogueOf('openai')).toBeNull();
    expect(voiceCatalogueOf('local')).toBeNull();
  });
});
