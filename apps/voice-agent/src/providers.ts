import {
  defaultSttConfig,
  defaultTtsConfig,
  sttConfigSchema,
  ttsConfigSchema,
  type SttConfig,
  type TtsConfig,
} from '@parley/api-client';
import type { stt as sttNs, tts as ttsNs } from '@livekit/agents';
import * as cartesia from '@livekit/agents-plugin-cartesia';
import * as deepgram from '@livekit/agents-plugin-deepgram';
import * as elevenlabs from '@livekit/agents-plugin-elevenlabs';
import * as openai from '@livekit/agents-plugin-openai';
import { EspeakTTS, type EspeakOptions } from './local/espeakTts';
import { PocketsphinxSTT, type PocketsphinxOptions } from './local/pocketsphinxStt';

/** What the call says first when it falls back to the keyless local voice (like the offline responder). */
export const offlineVoiceNotice =
  'This call uses the offline voice, because no key is set for the chosen voice provider.';

/** Which plugin and options a tts_config asks for (pure: the table tests check it). */
export type TtsPlan =
  | { plugin: 'openai'; options: Partial<openai.TTSOptions> }
  | { plugin: 'elevenlabs'; options: elevenlabs.TTSOptions }
  | { plugin: 'cartesia'; options: Partial<cartesia.TTSOptions> }
  | { plugin: 'local'; options: Partial<EspeakOptions>; fallback: string | null };

export type SttPlan =
  | { plugin: 'deepgram'; options: Partial<deepgram.STTOptions> }
  | { plugin: 'openai'; options: Partial<openai.STTOptions> }
  | { plugin: 'local'; options: Partial<PocketsphinxOptions>; fallback: string | null };

/** espeak-ng voices for the languages the editor offers (two-letter or regional codes). */
export function espeakVoiceFor(language: string | undefined | null): string {
  const lang = (language ?? 'en').toLowerCase().replace('_', '-');
  if (lang === 'en' || lang === 'en-us') return 'en-us';
  if (lang.startsWith('en-')) return lang === 'en-gb' ? 'en-gb' : 'en-us';
  return lang.split('-')[0] || 'en-us';
}

function parseTts(raw: unknown): TtsConfig {
  const parsed = ttsConfigSchema.safeParse(raw);
  return parsed.success ? parsed.data : defaultTtsConfig;
}
function parseStt(raw: unknown): SttConfig {
  const parsed = sttConfigSchema.safeParse(raw);
  return parsed.success ? parsed.data : defaultSttConfig;
}

const missingKey = (provider: string) =>
  `no API key for ${provider}: the keyless local voice (espeak-ng) is used`;

/**
 * tts_config → plugin options. `key` is the chosen provider's key (the agent's own, else the
 * server's); without one the call falls back to the local voice and says so.
 * OpenAI's response_format does not apply to calls: the plugin streams raw PCM.
 */
export function planTts(raw: unknown, key: string | null): TtsPlan {
  const config = parseTts(raw);
  switch (config.provider) {
    case 'openai': {
      const o = config.openai ?? defaultTtsConfig.openai!;
      if (!key)
        return {
          plugin: 'local',
          options: { voice: espeakVoiceFor(o.language), speed: o.speed || 1 },
          fallback: missingKey('OpenAI'),
        };
      return {
        plugin: 'openai',
        options: {
          apiKey: key,
          model: o.model,
          voice: o.voice as openai.TTSVoices,
          speed: o.speed || 1,
        },
      };
    }
    case 'elevenlabs': {
      const e = config.elevenlabs ?? {
        model_id: 'eleven_v3',
        stability: 0.5,
        similarity_boost: 0.5,
      };
      if (!key)
        return {
          plugin: 'local',
          options: { voice: 'en-us', speed: e.speed || 1 },
          fallback: missingKey('11Labs'),
        };
      return {
        plugin: 'elevenlabs',
        options: {
          apiKey: key,
          ...(e.voice_id ? { voiceId: e.voice_id } : {}),
          model: e.model_id,
          voiceSettings: {
            stability: e.stability,
            similarity_boost: e.similarity_boost,
            ...(e.speed ? { speed: e.speed } : {}),
          },
        },
      };
    }
    case 'cartesian': {
      const c = config.cartesian ?? { model: 'sonic-2' };
      if (!key)
        return {
          plugin: 'local',
          options: { voice: espeakVoiceFor(c.language), speed: 1 },
          fallback: missingKey('Cartesia'),
        };
      return {
        plugin: 'cartesia',
        options: {
          apiKey: key,
          model: c.model,
          ...(c.voice_id ? { voice: c.voice_id } : {}),
          ...(c.speed !== undefined ? { speed: c.speed } : {}),
          ...(c.language ? { language: c.language } : {}),
        },
      };
    }
    case 'local': {
      const l = config.local ?? { voice: 'en-us', speed: 1 };
      return { plugin: 'local', options: { voice: l.voice, speed: l.speed }, fallback: null };
    }
  }
}

/** stt_config → plugin options (the same key rule; the local transcriber when there is none). */
export function planStt(raw: unknown, key: string | null): SttPlan {
  const config = parseStt(raw);
  switch (config.provider) {
    case 'deepgram': {
      const d = config.deepgram ?? defaultSttConfig.deepgram!;
      if (!key)
        return {
          plugin: 'local',
          options: { language: d.language },
          fallback: 'no API key for Deepgram: the keyless local transcriber (pocketsphinx) is used',
        };
      return {
        plugin: 'deepgram',
        options: {
          apiKey: key,
          model: d.model,
          language: d.language,
          punctuate: d.punctuate,
          smartFormat: d.smart_format,
          interimResults: d.interim_results,
        },
      };
    }
    case 'openai': {
      const o = config.openai ?? { model: 'whisper-1', language: null };
      if (!key)
        return {
          plugin: 'local',
          options: { language: o.language ?? 'en-US' },
          fallback: 'no API key for OpenAI: the keyless local transcriber (pocketsphinx) is used',
        };
      return {
        plugin: 'openai',
        options: {
          apiKey: key,
          model: o.model,
          // Whisper-style: null = any language (detected).
          ...(o.language
            ? { language: o.language, detectLanguage: false }
            : { detectLanguage: true }),
          // Whole utterances behind the session's VAD (the realtime API is another product).
          useRealtime: false,
        },
      };
    }
    case 'local': {
      return {
        plugin: 'local',
        options: { language: config.local?.language ?? 'en-US' },
        fallback: null,
      };
    }
  }
}

export function createTts(plan: TtsPlan): ttsNs.TTS {
  switch (plan.plugin) {
    case 'openai':
      return new openai.TTS(plan.options);
    case 'elevenlabs':
      return new elevenlabs.TTS(plan.options);
    case 'cartesia':
      return new cartesia.TTS(plan.options);
    case 'local':
      return new EspeakTTS(plan.options);
  }
}

/** `local` gets test/menu extras (a JSGF grammar) from the worker's own settings. */
export function createStt(plan: SttPlan, local: Partial<PocketsphinxOptions> = {}): sttNs.STT {
  switch (plan.plugin) {
    case 'deepgram':
      return new deepgram.STT(plan.options);
    case 'openai':
      return new openai.STT(plan.options);
    case 'local':
      return new PocketsphinxSTT({ ...plan.options, ...local });
  }
}
