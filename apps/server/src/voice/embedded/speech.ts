import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { VoiceWorkerConfig } from '@parley/api-client';
import { providerOf } from '../providerKeys';

/**
 * Whether a call can speak and listen on this server's embedded voice transport: the agent's
 * voice and transcriber providers where their keys are set, else the local pipeline (Debian's
 * espeak-ng and pocketsphinx, as the voice worker's offline voice), else a message naming
 * exactly what to install or configure.
 */

export const localTools = {
  tts: {
    binary: 'espeak-ng',
    install: 'espeak-ng (apt-get install espeak-ng)',
  },
  stt: {
    binary: 'pocketsphinx_continuous',
    install: 'pocketsphinx (apt-get install pocketsphinx pocketsphinx-en-us)',
  },
} as const;

/** The provider names a message names, and where their key comes from. */
const providerKeys: Record<string, string> = {
  openai: 'an OpenAI key (OPENAI_API_KEY)',
  elevenlabs: 'an 11Labs key (ELEVEN_API_KEY)',
  cartesian: 'a Cartesia key (CARTESIA_API_KEY)',
  deepgram: 'a Deepgram key (DEEPGRAM_API_KEY)',
};

/** An executable of that name in one of PATH's directories. */
export function onPath(name: string, path = process.env.PATH ?? ''): boolean {
  for (const dir of path.split(delimiter).filter(Boolean)) {
    const file = join(dir, name);
    try {
      if (!statSync(file).isFile()) continue;
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      /* not there */
    }
  }
  return false;
}

export interface LocalSpeech {
  tts: boolean;
  stt: boolean;
}

let cached: { at: number; path: string; value: LocalSpeech } | null = null;

/** Which local speech tools are installed (looked up at most every 30 s). */
export function localSpeech(path = process.env.PATH ?? '', now = Date.now()): LocalSpeech {
  if (cached && cached.path === path && now - cached.at < 30_000) return cached.value;
  const value = {
    tts: onPath(localTools.tts.binary, path),
    stt: onPath(localTools.stt.binary, path),
  };
  cached = { at: now, path, value };
  return value;
}

type Side = 'tts' | 'stt';
const sideNames: Record<Side, string> = { tts: 'voice', stt: 'transcriber' };

/**
 * What stops a call of this agent from speaking or listening (null: nothing): for each side, the
 * provider's key, or the local tool when the agent chose it or has no key for its provider.
 */
export function speechProblem(
  config: Pick<VoiceWorkerConfig, 'tts_config' | 'stt_config' | 'tts_api_key' | 'stt_api_key'>,
  local: LocalSpeech,
): string | null {
  const parts: string[] = [];
  for (const side of ['tts', 'stt'] as const) {
    const provider = providerOf(side === 'tts' ? config.tts_config : config.stt_config);
    const key = side === 'tts' ? config.tts_api_key : config.stt_api_key;
    if ((provider !== 'local' && key) || local[side]) continue;
    const install = `install ${localTools[side].install}`;
    const keyed = providerKeys[provider];
    parts.push(
      `for the agent's ${sideNames[side]}, ${install}${
        keyed
          ? ` or set ${keyed} in Integrations or on the agent`
          : ` or choose a provider with a key in the agent's ${side === 'tts' ? 'Voice' : 'Transcriber'} panel`
      }`,
    );
  }
  return parts.length ? `Voice calls cannot speak on this server: ${parts.join('; ')}.` : null;
}

/**
 * Whether an organization can talk to its agents here at all (System Status): each side has the
 * local tool or some provider key the organization can use (the install's, served to it, or its
 * Integrations'). Null when it can; else what to install or configure.
 */
export function orgSpeechProblem(local: LocalSpeech, keys: Set<string>): string | null {
  const tts = local.tts || ['openai', 'elevenlabs', 'cartesian'].some((p) => keys.has(p));
  const stt = local.stt || ['openai', 'deepgram'].some((p) => keys.has(p));
  const parts: string[] = [];
  if (!tts)
    parts.push(`install ${localTools.tts.install} or set an OpenAI, 11Labs or Cartesia key`);
  if (!stt) parts.push(`install ${localTools.stt.install} or set an OpenAI or Deepgram key`);
  return parts.length ? `Voice calls cannot speak on this server: ${parts.join('; ')}.` : null;
}
