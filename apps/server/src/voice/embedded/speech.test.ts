import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { embeddedCallLimit } from './index';
import { localSpeech, onPath, orgSpeechProblem, speechProblem } from './speech';

const none = { tts: false, stt: false };
const both = { tts: true, stt: true };
const agent = (
  tts: string,
  stt: string,
  keys: { tts?: string; stt?: string } = {},
): Parameters<typeof speechProblem>[0] => ({
  tts_config: { provider: tts },
  stt_config: { provider: stt },
  tts_api_key: keys.tts ?? null,
  stt_api_key: keys.stt ?? null,
});

describe('speech for the embedded transport', () => {
  it('finds an executable on PATH, not a plain file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-path-'));
    writeFileSync(join(dir, 'espeak-ng'), '#!/bin/sh\n', { mode: 0o755 });
    writeFileSync(join(dir, 'pocketsphinx_continuous'), 'not executable', { mode: 0o644 });
    expect(onPath('espeak-ng', dir)).toBe(true);
    expect(onPath('pocketsphinx_continuous', dir)).toBe(false);
    expect(localSpeech(dir, 1)).toEqual({ tts: true, stt: false });
  });

  it('keys for both providers need no local tool; the local tools need no key', () => {
    expect(speechProblem(agent('openai', 'deepgram', { tts: 'k', stt: 'k' }), none)).toBeNull();
    expect(speechProblem(agent('local', 'local'), both)).toBeNull();
    expect(speechProblem(agent('elevenlabs', 'deepgram'), both)).toBeNull();
  });

  it('names exactly what is missing: the package to install or the key to set, per side', () => {
    expect(speechProblem(agent('elevenlabs', 'deepgram', { stt: 'k' }), none)).toBe(
      "Voice calls cannot speak on this server: for the agent's voice, install espeak-ng (apt-get install espeak-ng) or set an 11Labs key (ELEVEN_API_KEY) in Integrations or on the agent.",
    );
    expect(speechProblem(agent('local', 'openai'), { tts: true, stt: false })).toBe(
      "Voice calls cannot speak on this server: for the agent's transcriber, install pocketsphinx (apt-get install pocketsphinx pocketsphinx-en-us) or set an OpenAI key (OPENAI_API_KEY) in Integrations or on the agent.",
    );
    // The local voice chosen on purpose: a key elsewhere does not help.
    expect(speechProblem(agent('local', 'deepgram', { stt: 'k' }), none)).toMatch(
      /voice, install espeak-ng .* or choose a provider with a key in the agent's Voice panel\.$/,
    );
  });

  it('an organization: each side needs its local tool or some provider key', () => {
    expect(orgSpeechProblem(both, new Set())).toBeNull();
    expect(orgSpeechProblem(none, new Set(['openai']))).toBeNull();
    expect(orgSpeechProblem(none, new Set(['deepgram']))).toMatch(/espeak-ng/);
    expect(orgSpeechProblem({ tts: true, stt: false }, new Set(['cartesian']))).toMatch(
      /pocketsphinx .* or set an OpenAI or Deepgram key\.$/,
    );
  });

  it('PARLEY_EMBEDDED_VOICE_CALLS: 4 by default, 0 turns it off, a bad value stops the server', () => {
    expect(embeddedCallLimit({})).toBe(4);
    expect(embeddedCallLimit({ PARLEY_EMBEDDED_VOICE_CALLS: '0' })).toBe(0);
    expect(embeddedCallLimit({ PARLEY_EMBEDDED_VOICE_CALLS: ' 12 ' })).toBe(12);
    for (const bad of ['-1', '2.5', 'many'])
      expect(() => embeddedCallLimit({ PARLEY_EMBEDDED_VOICE_CALLS: bad })).toThrow(
        /PARLEY_EMBEDDED_VOICE_CALLS/,
      );
  });
});
