import { modelProviders, type ModelProviderName } from '@parley/api-client';
import {
  cartesiaLanguages,
  deepgramNova2Languages,
  deepgramNova3Languages,
  elevenEnglishOnly,
  elevenMultilingualV2Languages,
  elevenScribeLanguages,
  elevenV25Languages,
  elevenV3Languages,
  openAiTranscriberLanguages,
  whisperLanguages,
  type LanguageOption,
} from './languages';

export type { LanguageOption } from './languages';

/** A choice of a select: the stored value and what the user reads. */
export interface Option<T extends string = string> {
  value: T;
  label: string;
}

const asOptions = <T extends string>(values: readonly T[]): Option<T>[] =>
  values.map((value) => ({ value, label: value }));

/** What the language select shows when a provider/model has no languages (spec §5). */
export const noLanguagesText = 'No languages available';

// ---------------------------------------------------------------- model (spec §3)

export const modelProviderNames = Object.keys(modelProviders) as ModelProviderName[];
export const modelProviderOptions: Option<ModelProviderName>[] = asOptions(modelProviderNames);

export function isModelProvider(value: string): value is ModelProviderName {
  return (modelProviderNames as string[]).includes(value);
}

/** The models of a provider, display names as the editor shows them. */
export function modelsOf(provider: ModelProviderName): readonly string[] {
  return modelProviders[provider];
}
export const modelOptionsFor = (provider: ModelProviderName): Option[] =>
  asOptions(modelsOf(provider));

// ---------------------------------------------------------------- voice (spec §3, §5)

/** Stored values of tts_config.provider, in the order of the select. */
export const voiceProviders = ['openai', 'elevenlabs', 'cartesian', 'local'] as const;
export type VoiceProvider = (typeof voiceProviders)[number];
/** 'local' is the keyless espeak-ng voice of the voice worker (issue 14). */
export const localProviderLabel = 'Local (offline)';
/** Shown in place of the key: the local provider needs none (it runs on the voice worker). */
export const localVoiceKeyNote =
  'Not needed: the offline voice (espeak-ng) runs on the voice worker.';
export const localTranscriberKeyNote =
  'Not needed: the offline transcriber (pocketsphinx) runs on the voice worker.';
export const voiceProviderLabels: Record<VoiceProvider, string> = {
  openai: 'OpenAI',
  elevenlabs: '11Labs',
  cartesian: 'Cartesia',
  local: localProviderLabel,
};
export const voiceProviderOptions: Option<VoiceProvider>[] = voiceProviders.map((value) => ({
  value,
  label: voiceProviderLabels[value],
}));

export const voiceModels: Record<VoiceProvider, readonly string[]> = {
  openai: ['tts-1', 'tts-1-hd', 'gpt-4o-mini-tts'],
  elevenlabs: [
    'eleven_v3',
    'eleven_ttv_v3',
    'scribe_v1',
    'scribe_v1_experimental',
    'eleven_multilingual_v2',
    'eleven_flash_v2_5',
    'eleven_flash_v2',
    'eleven_turbo_v2_5',
    'eleven_turbo_v2',
    'eleven_multilingual_sts_v2',
    'eleven_multilingual_ttv_v2',
    'eleven_english_sts_v2',
  ],
  cartesian: ['sonic-2', 'sonic-turbo', 'sonic'],
  local: ['espeak-ng'],
};
export const voiceModelOptionsFor = (provider: VoiceProvider): Option[] =>
  asOptions(voiceModels[provider]);

export const openAiVoices = [
  'alloy',
  'ash',
  'ballad',
  'coral',
  'echo',
  'fable',
  'nova',
  'onyx',
  'sage',
  'shimmer',
] as const;
export const openAiVoiceOptions = asOptions(openAiVoices);

export const responseFormats = ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'] as const;
export type ResponseFormat = (typeof responseFormats)[number];
export const responseFormatOptions = asOptions(responseFormats);

export function isResponseFormat(value: unknown): value is ResponseFormat {
  return typeof value === 'string' && (responseFormats as readonly string[]).includes(value);
}

const elevenLabsLanguagesByModel: Record<string, LanguageOption[]> = {
  eleven_v3: elevenV3Languages,
  eleven_ttv_v3: elevenV3Languages,
  scribe_v1: elevenScribeLanguages,
  scribe_v1_experimental: elevenScribeLanguages,
  eleven_multilingual_v2: elevenMultilingualV2Languages,
  eleven_multilingual_sts_v2: elevenMultilingualV2Languages,
  eleven_multilingual_ttv_v2: elevenMultilingualV2Languages,
  eleven_flash_v2_5: elevenV25Languages,
  eleven_turbo_v2_5: elevenV25Languages,
  eleven_flash_v2: elevenEnglishOnly,
  eleven_turbo_v2: elevenEnglishOnly,
  eleven_english_sts_v2: elevenEnglishOnly,
};

/** Languages of a voice provider and model; empty when the model is unknown. */
export function voiceLanguages(provider: VoiceProvider, model: string): LanguageOption[] {
  if (provider === 'openai')
    return (voiceModels.openai as string[]).includes(model) ? whisperLanguages : [];
  if (provider === 'cartesian')
    return (voiceModels.cartesian as string[]).includes(model) ? cartesiaLanguages : [];
  if (provider === 'local') return localVoiceLanguages;
  return elevenLabsLanguagesByModel[model] ?? [];
}

/** espeak-ng voices of the local provider. */
export const localVoiceLanguages: LanguageOption[] = [
  { value: 'en-us', label: 'English (US)' },
  { value: 'en-gb', label: 'English (UK)' },
  { value: 'es', label: 'Spanish' },
  { value: 'fr', label: 'French' },
  { value: 'de', label: 'German' },
];

/** Language choice is disabled for the OpenAI and 11Labs voice providers (spec §5). */
export const voiceLanguageEditable = (provider: VoiceProvider) =>
  provider === 'cartesian' || provider === 'local';

/** Speed ranges (spec §5; 11Labs from its voice-settings documentation: 0.7 to 1.2). */
export const speedRanges: Record<VoiceProvider, { min: number; max: number; step: number }> = {
  openai: { min: 0.25, max: 4, step: 0.25 },
  cartesian: { min: -2, max: 2, step: 0.1 },
  elevenlabs: { min: 0.7, max: 1.2, step: 0.05 },
  local: { min: 0.5, max: 2, step: 0.1 },
};
/** Stability and similarity boost: 0 to 1, step 0.1 (spec §5). */
export const unitRange = { min: 0, max: 1, step: 0.1 } as const;

// ---------------------------------------------------------------- transcriber (spec §3)

export const transcriberProviders = ['deepgram', 'openai', 'local'] as const;
export type TranscriberProvider = (typeof transcriberProviders)[number];
export const transcriberProviderLabels: Record<TranscriberProvider, string> = {
  deepgram: 'Deepgram',
  openai: 'OpenAI',
  local: localProviderLabel,
};
export const transcriberProviderOptions: Option<TranscriberProvider>[] = transcriberProviders.map(
  (value) => ({ value, label: transcriberProviderLabels[value] }),
);

export const transcriberModels: Record<TranscriberProvider, readonly string[]> = {
  deepgram: ['nova-2', 'nova-3'],
  openai: ['whisper-1', 'gpt-4o-mini-transcribe'],
  local: ['pocketsphinx'],
};
export const transcriberModelOptionsFor = (provider: TranscriberProvider): Option[] =>
  asOptions(transcriberModels[provider]);

const deepgramLanguagesByModel: Record<string, LanguageOption[]> = {
  'nova-2': deepgramNova2Languages,
  'nova-3': deepgramNova3Languages,
};

/** Languages of a transcriber provider and model; empty when the model is unknown. */
export function transcriberLanguages(
  provider: TranscriberProvider,
  model: string,
): LanguageOption[] {
  if (provider === 'deepgram') return deepgramLanguagesByModel[model] ?? [];
  if (provider === 'local') return [{ value: 'en-US', label: 'English (US)' }];
  return (transcriberModels.openai as string[]).includes(model) ? openAiTranscriberLanguages : [];
}

/**
 * Providers whose voices the 'Change voice' dialog lists with the organization's key (issue 14 §6):
 * the Integrations provider name and its label; null for OpenAI (a fixed voice list) and local.
 */
export function voiceCatalogueOf(
  provider: VoiceProvider,
): { integration: 'elevenlabs' | 'cartesia'; label: string } | null {
  if (provider === 'elevenlabs') return { integration: 'elevenlabs', label: 'ElevenLabs' };
  if (provider === 'cartesian') return { integration: 'cartesia', label: 'Cartesia' };
  return null;
}
