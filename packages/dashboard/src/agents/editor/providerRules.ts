import {
  isMaskedSecret,
  sharedProviderMessages,
  toolsLimits,
  type ModelProviderName,
  type SharedProviders,
} from '@parley/api-client';
import {
  modelsOf,
  speedRanges,
  transcriberLanguages,
  transcriberModels,
  unitRange,
  voiceLanguages,
  voiceModels,
  type VoiceProvider,
} from './options';
import type { EditorDefaults, ModelSettings, TranscriberSettings, VoiceSettings } from './types';

// ---------------------------------------------------------------- numbers

function decimalsOf(step: number): number {
  const text = String(step);
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
}

/** Clamps into [min, max] and snaps to the step grid that starts at min. */
export function snapToStep(value: number, min: number, max: number, step: number): number {
  const clamped = Math.min(max, Math.max(min, value));
  const snapped = min + Math.round((clamped - min) / step) * step;
  return Number(Math.min(max, snapped).toFixed(decimalsOf(step)));
}

/** A number from user text or a stored value; NaN for anything non-numeric. */
function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return Number.NaN;
  return Number(value.trim());
}

// ---------------------------------------------------------------- tools (spec §5)

/** Nudge interval: numeric, 5 to 60 s; non-numeric falls back to 15. */
export function parseNudgeInterval(value: unknown): number {
  const { min, max, fallback } = toolsLimits.nudge_interval;
  const n = toNumber(value);
  return Number.isFinite(n) ? snapToStep(n, min, max, 1) : fallback;
}

/** Max nudges: 1 to 10; non-numeric falls back to 3. */
export function parseMaxNudges(value: unknown): number {
  const { min, max, fallback } = toolsLimits.max_nudges;
  const n = toNumber(value);
  return Number.isFinite(n) ? snapToStep(n, min, max, 1) : fallback;
}

/** Typing volume: 0 to 1, step 0.1; non-numeric falls back to 0.8. */
export function parseTypingVolume(value: unknown): number {
  const { min, max, step, fallback } = toolsLimits.typing_volume;
  const n = toNumber(value);
  return Number.isFinite(n) ? snapToStep(n, min, max, step) : fallback;
}

/** Max call duration from the slider (or storage): 0 to 600 s, step 30; non-numeric → 300. */
export function parseMaxCallDuration(value: unknown): number {
  const { min, max, step, fallback } = toolsLimits.max_call_duration;
  const n = toNumber(value);
  return Number.isFinite(n) ? snapToStep(n, min, max, step) : fallback;
}

/** Seconds as m:ss (300 → '5:00'). */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * The m:ss text box: '4:30' → 270, clamped to 0..600. Anything that is not m:ss (or has 60+
 * seconds) is invalid and falls back to 300 (spec §5).
 */
export function parseDurationText(text: string): number {
  const { min, max, fallback } = toolsLimits.max_call_duration;
  const match = /^(\d{1,3}):([0-5]\d)$/.exec(text.trim());
  if (!match) return fallback;
  const seconds = Number(match[1]) * 60 + Number(match[2]);
  return Math.min(max, Math.max(min, seconds));
}

// ---------------------------------------------------------------- voice numbers (spec §5)

/** Speed within the provider's range (OpenAI 0.25–4 step 0.25; Cartesia −2–2 step 0.1). */
export function clampSpeed(provider: VoiceProvider, value: unknown): number {
  const { min, max, step } = speedRanges[provider];
  const n = toNumber(value);
  return snapToStep(Number.isFinite(n) ? n : 1, min, max, step);
}

/** Stability and similarity boost: 0 to 1, step 0.1 (default 0.5). */
export function clampUnit(value: unknown, fallback = 0.5): number {
  const n = toNumber(value);
  return snapToStep(
    Number.isFinite(n) ? n : fallback,
    unitRange.min,
    unitRange.max,
    unitRange.step,
  );
}

/** The speed value text shown beside the slider ('1.25x'). */
export const speedText = (speed: number) => `${speed}x`;

// ---------------------------------------------------------------- keys (spec §5, §9)

/**
 * A model key that starts with sk-, gsk_ or sk-ant- and differs from the provider's default is
 * user-configured: the field is then locked and masked. A masked stored key counts too.
 */
export function isUserConfiguredKey(key: string, defaultKey = ''): boolean {
  if (!key) return false;
  // Keys the server sends back masked ('••••abcd') stand for a stored user key.
  if (isMaskedSecret(key)) return true;
  return /^(sk-|gsk_|sk-ant-)/.test(key) && key !== defaultKey;
}

/** How each provider's keys begin, as the key field's placeholder shows them. */
export const modelKeyPrefixes: Record<ModelProviderName, string> = {
  OpenAI: 'sk-',
  Anthropic: 'sk-ant-',
  DeepSeek: 'sk-',
  Groq: 'gsk_',
  XAI: 'xai-',
  Google: 'AIza',
};

/** The model key field's placeholder: the provider's own key prefix ('sk-ant-...' for Anthropic). */
export function modelKeyPlaceholder(provider: ModelProviderName): string {
  const prefix = modelKeyPrefixes[provider];
  return prefix ? `${prefix}...` : `Paste your ${provider} API key`;
}

/** The widget expects agent keys that start with app- or sk- (spec §2 banners, §9). */
export const isValidAgentKeyFormat = (key: string) => /^(app-|sk-)/.test(key);

// ---------------------------------------------------------------- provider changes (spec §4)

/** Keeps a supported language, else the first supported one ('' when there are none). */
export function fitLanguage(language: string, supported: ReadonlyArray<{ value: string }>): string {
  if (supported.some((l) => l.value === language)) return language;
  return supported[0]?.value ?? '';
}

/**
 * Model provider change: the model resets to the provider's first model and the key is
 * swapped for that provider's default key.
 */
export function changeModelProvider(
  state: ModelSettings,
  provider: ModelProviderName,
  defaults: Pick<EditorDefaults, 'modelKeys'>,
): ModelSettings {
  if (provider === state.provider) return state;
  return {
    ...state,
    provider,
    model: modelsOf(provider)[0] ?? '',
    apiKey: defaults.modelKeys[provider] ?? '',
  };
}

/**
 * Voice changes. Provider: first model, voice alloy, API key and voice id to the provider's
 * defaults, speed into its range. Model: for 11Labs an unsupported language resets to the
 * first supported one (every provider's language is kept only when its model supports it).
 */
export function updateVoice(
  state: VoiceSettings,
  patch: Partial<VoiceSettings>,
  defaults: Pick<EditorDefaults, 'voiceKeys' | 'voiceIds'>,
): VoiceSettings {
  let next: VoiceSettings = { ...state, ...patch };
  if (patch.provider !== undefined && patch.provider !== state.provider) {
    const provider = patch.provider;
    next = {
      ...next,
      model: voiceModels[provider][0] ?? '',
      voice: 'alloy',
      apiKey: defaults.voiceKeys[provider] ?? '',
      voiceId: defaults.voiceIds[provider] ?? '',
      speed: clampSpeed(provider, next.speed),
    };
  }
  if (next.provider !== state.provider || next.model !== state.model) {
    next = {
      ...next,
      language: fitLanguage(next.language, voiceLanguages(next.provider, next.model)),
    };
  }
  return next;
}

/**
 * Transcriber changes. Provider: first model, language en (else the first available), the
 * provider's default key. Model: an unsupported language resets to the first supported one.
 */
export function updateTranscriber(
  state: TranscriberSettings,
  patch: Partial<TranscriberSettings>,
  defaults: Pick<EditorDefaults, 'transcriberKeys'>,
): TranscriberSettings {
  let next: TranscriberSettings = { ...state, ...patch };
  if (patch.provider !== undefined && patch.provider !== state.provider) {
    const provider = patch.provider;
    const model = transcriberModels[provider][0] ?? '';
    next = {
      ...next,
      model,
      language: fitLanguage('en', transcriberLanguages(provider, model)),
      apiKey: defaults.transcriberKeys[provider] ?? '',
    };
  } else if (next.model !== state.model) {
    next = {
      ...next,
      language: fitLanguage(next.language, transcriberLanguages(next.provider, next.model)),
    };
  }
  return next;
}

/**
 * Where a shared model key would have been used (no key of the agent's own, the install has a
 * server-wide key for the provider) but it does not serve this organization: what the key field
 * says. Null otherwise.
 */
export function sharedModelKeyNotice(
  shared: SharedProviders | undefined,
  provider: ModelProviderName,
  apiKey: string,
): string | null {
  if (!shared || shared.served || apiKey.trim()) return null;
  if (!shared.model_providers.includes(provider.toLowerCase())) return null;
  return sharedProviderMessages.modelKey(provider);
}
