import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { createSecretBox } from '../lib/secrets';
import {
  agentModelChoice,
  chooseModel,
  languageModelFor,
  modelBaseUrl,
  normalizeModelName,
  normalizeProvider,
} from './model';
import { offlineAnswer, chunksOf } from './offline';
import { systemMessage } from './prompt';

describe('model choice', () => {
  it('normalizes provider ids from the spec forms', () => {
    expect(normalizeProvider('langgenius/anthropic/anthropic')).toBe('anthropic');
    expect(normalizeProvider('OpenAI')).toBe('openai');
    expect(normalizeProvider(null)).toBe('openai');
    expect(normalizeProvider('something')).toBe('openai');
  });
  it('maps display model names to API names', () => {
    expect(normalizeModelName('openai', 'GPT-4o Mini')).toBe('gpt-4o-mini');
    expect(normalizeModelName('openai', 'gpt-4o')).toBe('gpt-4o');
    expect(normalizeModelName('openai', null)).toBe('gpt-4o');
  });
  it('prefers the agent key, then the environment; none → offline', () => {
    const agent = {
      modelProvider: 'langgenius/groq/groq',
      modelName: 'llama-3.1-8b',
      modelLiveUrl: null,
    };
    expect(chooseModel(agent, 'gsk_agent', { GROQ_API_KEY: 'gsk_env' }).apiKey).toBe('gsk_agent');
    expect(chooseModel(agent, null, { GROQ_API_KEY: 'gsk_env' }).apiKey).toBe('gsk_env');
    const none = chooseModel(agent, null, {});
    expect(none.apiKey).toBeNull();
    expect(languageModelFor(none)).toBeNull();
    expect(languageModelFor({ ...none, baseUrl: 'http://127.0.0.1:1/v1' })).not.toBeNull();
  });
});

describe('model_live_url', () => {
  it('never carries a server-wide key: the agent’s own or none', () => {
    const agent = {
      modelProvider: 'openai',
      modelName: null,
      modelLiveUrl: 'https://llm.example/v1',
    };
    const env = { OPENAI_API_KEY: 'sk-server' };
    expect(chooseModel(agent, null, env).apiKey).toBeNull();
    expect(chooseModel(agent, 'sk-own', env).apiKey).toBe('sk-own');
    expect(chooseModel({ ...agent, modelLiveUrl: null }, null, env).apiKey).toBe('sk-server');
  });
  it('is a base URL: a query string or fragment cannot change the path called', () => {
    expect(modelBaseUrl('https://llm.example/v1?x=/evil#frag')).toBe('https://llm.example/v1');
    expect(modelBaseUrl('https://llm.example/v1/')).toBe('https://llm.example/v1');
    expect(modelBaseUrl('  ')).toBeNull();
    expect(modelBaseUrl('nonsense')).toBeNull();
  });
});

describe('offline responder', () => {
  it('says plainly that no model was called and quotes passages', () => {
    const text = offlineAnswer('openai', 'opening hours?', [
      { content: 'We open at 8.', source: 'faq.txt' },
    ]);
    expect(text).toMatch(/^Offline responder: no OpenAI API key is configured/);
    expect(text).toContain('OPENAI_API_KEY');
    expect(text).toContain('1. We open at 8. (faq.txt)');
  });
  it('without passages › says nothing was found', () => {
    expect(offlineAnswer('anthropic', 'hi', [])).toContain('I found nothing');
  });
  it('chunks keep every character', () => {
    expect([...chunksOf('a b  c')].join('')).toBe('a b  c');
  });
  it('system message carries the passages', () => {
    expect(systemMessage('Be kind.', [{ content: 'Fact' }])).toContain('[1] Fact');
    expect(systemMessage(null, [])).toBe('You are a helpful assistant.');
  });
});

describe('agentModelChoice', () => {
  const secrets = createSecretBox('test-secret-test-secret-test-secret-0123');
  const agent = {
    modelProvider: 'openai',
    modelName: 'gpt-4o-mini',
    modelLiveUrl: null,
    organizationId: 'org-1',
  };
  // No shared provider resources in this environment: the database is not asked.
  const deps = { db: {} as Db, secrets, env: {} };

  it("uses the agent's own key", async () => {
    const choice = await agentModelChoice(deps, {
      ...agent,
      modelApiKey: secrets.encrypt('sk-own'),
    });
    expect(choice).toMatchObject({ provider: 'openai', apiKey: 'sk-own' });
  });

  it('a key that cannot be decrypted counts as none, and is reported', async () => {
    const other = createSecretBox('another-secret-another-secret-another-0');
    let reported = 0;
    const choice = await agentModelChoice(
      deps,
      { ...agent, modelApiKey: other.encrypt('sk-old') },
      () => (reported += 1),
    );
    expect(choice.apiKey).toBeNull();
    expect(reported).toBe(1);
  });
});
