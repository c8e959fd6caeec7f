import { describe, expect, it } from 'vitest';
import { chooseModel, languageModelFor, normalizeModelName, normalizeProvider } from './model';
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
