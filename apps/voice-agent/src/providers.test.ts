import { describe, expect, it } from 'vitest';
import * as cartesia from '@livekit/agents-plugin-cartesia';
import * as deepgram from '@livekit/agents-plugin-deepgram';
import * as elevenlabs from '@livekit/agents-plugin-elevenlabs';
import * as openai from '@livekit/agents-plugin-openai';
import {
  roomCallTokenTtlSeconds,
  signCallToken,
  type CallToken,
} from '@parley/api-client/call-token';
import { callTokenOfJob } from './agent';
import { EspeakTTS } from './local/espeakTts';
import { PocketsphinxSTT } from './local/pocketsphinxStt';
import { createStt, createTts, espeakVoiceFor, planStt, planTts } from './providers';

const key = 'sk-test-key';

describe('tts_config → voice plugin', () => {
  it.each([
    {
      name: 'OpenAI defaults (tts-1, alloy, speed 1)',
      config: { provider: 'openai', openai: {} },
      plan: {
        plugin: 'openai',
        options: { apiKey: key, model: 'tts-1', voice: 'alloy', speed: 1 },
      },
    },
    {
      name: 'OpenAI tts-1-hd, nova, 1.25, opus (calls stream PCM whatever the format)',
      config: {
        provider: 'openai',
        openai: {
          model: 'tts-1-hd',
          voice: 'nova',
          speed: 1.25,
          response_format: 'opus',
          language: 'de',
        },
      },
      plan: {
        plugin: 'openai',
        options: { apiKey: key, model: 'tts-1-hd', voice: 'nova', speed: 1.25 },
      },
    },
    {
      name: 'OpenAI gpt-4o-mini-tts, shimmer',
      config: { provider: 'openai', openai: { model: 'gpt-4o-mini-tts', voice: 'shimmer' } },
      plan: {
        plugin: 'openai',
        options: { apiKey: key, model: 'gpt-4o-mini-tts', voice: 'shimmer', speed: 1 },
      },
    },
    {
      name: '11Labs voice, model, stability, similarity boost, speed',
      config: {
        provider: 'elevenlabs',
        elevenlabs: {
          voice_id: 'voice123',
          model_id: 'eleven_flash_v2_5',
          stability: 0.3,
          similarity_boost: 0.9,
          speed: 1.1,
        },
      },
      plan: {
        plugin: 'elevenlabs',
        options: {
          apiKey: key,
          voiceId: 'voice123',
          model: 'eleven_flash_v2_5',
          voiceSettings: { stability: 0.3, similarity_boost: 0.9, speed: 1.1 },
        },
      },
    },
    {
      name: '11Labs defaults (eleven_v3, 0.5, 0.5; plugin default voice)',
      config: { provider: 'elevenlabs', elevenlabs: {} },
      plan: {
        plugin: 'elevenlabs',
        options: {
          apiKey: key,
          model: 'eleven_v3',
          voiceSettings: { stability: 0.5, similarity_boost: 0.5 },
        },
      },
    },
    {
      name: 'Cartesia voice, model, speed, language',
      config: {
        provider: 'cartesian',
        cartesian: { voice_id: 'cv-1', model: 'sonic-turbo', speed: -0.5, language: 'fr' },
      },
      plan: {
        plugin: 'cartesia',
        options: { apiKey: key, model: 'sonic-turbo', voice: 'cv-1', speed: -0.5, language: 'fr' },
      },
    },
    {
      name: 'Cartesia defaults (sonic-2)',
      config: { provider: 'cartesian', cartesian: {} },
      plan: { plugin: 'cartesia', options: { apiKey: key, model: 'sonic-2' } },
    },
    {
      name: 'Local (offline) chosen: espeak-ng voice and speed, no notice',
      config: { provider: 'local', local: { voice: 'en-gb', speed: 1.2 } },
      plan: { plugin: 'local', options: { voice: 'en-gb', speed: 1.2 }, fallback: null },
    },
  ])('$name', ({ config, plan }) => {
    expect(planTts(config, key)).toEqual(plan);
  });

  it.each([
    [
      'openai',
      { provider: 'openai', openai: { language: 'de', speed: 1.5 } },
      { voice: 'de', speed: 1.5 },
      /OpenAI/,
    ],
    [
      'elevenlabs',
      { provider: 'elevenlabs', elevenlabs: {} },
      { voice: 'en-us', speed: 1 },
      /11Labs/,
    ],
    [
      'cartesian',
      { provider: 'cartesian', cartesian: { language: 'es' } },
      { voice: 'es', speed: 1 },
      /Cartesia/,
    ],
  ])('%s without a key falls back to the local voice and says why', (_p, config, options, why) => {
    const plan = planTts(config, null);
    expect(plan).toMatchObject({ plugin: 'local', options });
    expect(plan.plugin === 'local' && plan.fallback).toMatch(why);
  });

  it('no or broken tts_config → the spec default (OpenAI tts-1 alloy)', () => {
    expect(planTts(null, key)).toMatchObject({
      plugin: 'openai',
      options: { model: 'tts-1', voice: 'alloy' },
    });
    expect(planTts({ provider: 'nope' }, key)).toMatchObject({ plugin: 'openai' });
  });

  it('builds each plugin from its plan', () => {
    expect(createTts(planTts({ provider: 'openai', openai: {} }, key))).toBeInstanceOf(openai.TTS);
    expect(createTts(planTts({ provider: 'elevenlabs', elevenlabs: {} }, key))).toBeInstanceOf(
      elevenlabs.TTS,
    );
    expect(createTts(planTts({ provider: 'cartesian', cartesian: {} }, key))).toBeInstanceOf(
      cartesia.TTS,
    );
    expect(createTts(planTts({ provider: 'openai', openai: {} }, null))).toBeInstanceOf(EspeakTTS);
  });

  it.each([
    ['en', 'en-us'],
    ['en-US', 'en-us'],
    ['en-GB', 'en-gb'],
    ['de', 'de'],
    ['pt-BR', 'pt'],
    [null, 'en-us'],
  ])('espeak voice for %s is %s', (language, voice) => {
    expect(espeakVoiceFor(language)).toBe(voice);
  });
});

describe('stt_config → transcriber plugin', () => {
  it.each([
    {
      name: 'Deepgram defaults (nova-2, en-US, punctuate, smart format, no interim)',
      config: { provider: 'deepgram', deepgram: {} },
      plan: {
        plugin: 'deepgram',
        options: {
          apiKey: key,
          model: 'nova-2',
          language: 'en-US',
          punctuate: true,
          smartFormat: true,
          interimResults: false,
        },
      },
    },
    {
      name: 'Deepgram nova-3, es, toggles off / interim on',
      config: {
        provider: 'deepgram',
        deepgram: {
          model: 'nova-3',
          language: 'es',
          punctuate: false,
          smart_format: false,
          interim_results: true,
        },
      },
      plan: {
        plugin: 'deepgram',
        options: {
          apiKey: key,
          model: 'nova-3',
          language: 'es',
          punctuate: false,
          smartFormat: false,
          interimResults: true,
        },
      },
    },
    {
      name: 'OpenAI whisper-1, any language (detected)',
      config: { provider: 'openai', openai: { model: 'whisper-1', language: null } },
      plan: {
        plugin: 'openai',
        options: { apiKey: key, model: 'whisper-1', detectLanguage: true, useRealtime: false },
      },
    },
    {
      name: 'OpenAI gpt-4o-mini-transcribe, fr',
      config: { provider: 'openai', openai: { model: 'gpt-4o-mini-transcribe', language: 'fr' } },
      plan: {
        plugin: 'openai',
        options: {
          apiKey: key,
          model: 'gpt-4o-mini-transcribe',
          language: 'fr',
          detectLanguage: false,
          useRealtime: false,
        },
      },
    },
    {
      name: 'Local (offline) chosen',
      config: { provider: 'local', local: { language: 'en-US' } },
      plan: { plugin: 'local', options: { language: 'en-US' }, fallback: null },
    },
  ])('$name', ({ config, plan }) => {
    expect(planStt(config, key)).toEqual(plan);
  });

  it('without a key (Deepgram, OpenAI) the local transcriber is used and the reason given', () => {
    for (const [config, why] of [
      [{ provider: 'deepgram', deepgram: {} }, /Deepgram/],
      [{ provider: 'openai', openai: {} }, /OpenAI/],
    ] as const) {
      const plan = planStt(config, null);
      expect(plan.plugin).toBe('local');
      expect(plan.plugin === 'local' && plan.fallback).toMatch(why);
    }
    expect(planStt(null, null)).toMatchObject({ plugin: 'local' });
  });

  it('builds each plugin from its plan', () => {
    expect(createStt(planStt({ provider: 'deepgram', deepgram: {} }, key))).toBeInstanceOf(
      deepgram.STT,
    );
    expect(createStt(planStt({ provider: 'openai', openai: {} }, key))).toBeInstanceOf(openai.STT);
    const local = createStt(planStt({ provider: 'local' }, null), { jsgf: '#JSGF V1.0;' });
    expect(local).toBeInstanceOf(PocketsphinxSTT);
    expect((local as PocketsphinxSTT).opts.jsgf).toBe('#JSGF V1.0;');
  });
});

describe('dispatch', () => {
  const secret = 'worker-secret-for-dispatch-tests-0123';
  const room = 'parley-clinic_1-1a2b3c4d';
  const token = (now?: number): CallToken =>
    signCallToken(
      secret,
      {
        transport: 'livekit',
        agent_id: 'clinic_1',
        organization_id: 'org-1',
        room,
        caller: 'visitor-1a2b3c4d',
      },
      { ttlSeconds: roomCallTokenTtlSeconds, now },
    );
  const metadata = (callToken: unknown) =>
    JSON.stringify({ agent_name: 'clinic_1', call_token: callToken });

  it('takes the call token the server signed into the dispatch metadata', () => {
    const signed = token();
    expect(callTokenOfJob(metadata(signed), room, secret)).toEqual(signed);
  });
  it('refuses a job without a token, with a changed field, for another room, or expired', () => {
    expect(() => callTokenOfJob('{"agent_name":"clinic_1"}', room, secret)).toThrow(
      /no call token/,
    );
    expect(() => callTokenOfJob('not json', room, secret)).toThrow(/no call token/);
    expect(() =>
      callTokenOfJob(metadata({ ...token(), agent_id: 'other_agent' }), room, secret),
    ).toThrow(/signature does not match/);
    expect(() => callTokenOfJob(metadata(token()), room, 'another-secret')).toThrow(
      /signature does not match/,
    );
    expect(() => callTokenOfJob(metadata(token()), 'parley-other-00000000', secret)).toThrow(
      /another room/,
    );
    const issued = Date.now() - (roomCallTokenTtlSeconds + 1) * 1000;
    expect(() => callTokenOfJob(metadata(token(issued)), room, secret)).toThrow(/has expired/);
  });
});
