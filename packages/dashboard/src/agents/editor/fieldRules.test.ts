// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  defaultAgentUrl,
  emptyDefaults,
  settingsFromConfig,
  toAgentUpdate,
  toModelConfigRequest,
} from './editorState';
import { blockingText, keyStaysReason, settingsProblems } from './fieldRules';

const defaults = { ...emptyDefaults, agentUrl: defaultAgentUrl('http://host') };
const stored = settingsFromConfig(
  {
    agent_name: 'a',
    model_api_key_masked: '••••••••••••9876',
    model_live_url: 'https://models.example/v1',
    chatbot_key: 'app-0123456789abcdef',
  },
  defaults,
);

describe('a stored model key stays with its Live URL', () => {
  it('given the stored key and another path on the same address › nothing to say', () => {
    const s = { ...stored, model: { ...stored.model, liveUrl: 'https://models.example:443/v2' } };
    expect(settingsProblems(s)).toEqual({});
  });

  it('given a new host, scheme or port with the masked key › the Live URL waits, unsaved, saying why', () => {
    for (const liveUrl of [
      'https://elsewhere.example/v1',
      'http://models.example/v1',
      'https://models.example:8443/v1',
      '',
    ]) {
      const s = { ...stored, model: { ...stored.model, liveUrl } };
      const problems = settingsProblems(s);
      expect(problems).toEqual({ liveUrl: keyStaysReason });
      expect(blockingText(problems)).toBe(`Not saved: Model Live URL ${keyStaysReason}`);
      // Left out of both saves: the server keeps the stored address with the stored key.
      expect(toAgentUpdate(s, problems)).not.toHaveProperty('model_live_url');
      expect(toModelConfigRequest(s.model, undefined, problems)).not.toHaveProperty(
        'model_live_url',
      );
    }
  });

  it('given the key typed again › the new address saves with it', () => {
    const s = {
      ...stored,
      model: {
        ...stored.model,
        liveUrl: 'https://elsewhere.example/v1',
        apiKey: 'sk-new-key-1234',
      },
    };
    expect(settingsProblems(s)).toEqual({});
    expect(toModelConfigRequest(s.model)).toMatchObject({
      api_key: 'sk-new-key-1234',
      model_live_url: 'https://elsewhere.example/v1',
    });
  });

  it('given no stored key › any address is fine', () => {
    const none = settingsFromConfig(
      { agent_name: 'a', chatbot_key: 'app-0123456789abcdef' },
      defaults,
    );
    const s = { ...none, model: { ...none.model, liveUrl: 'https://elsewhere.example/v1' } };
    expect(settingsProblems(s)).toEqual({});
  });
});
