// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { knowledgeApiKeyName, maskToken } from './apiKeys';

describe('knowledge API keys', () => {
  it('names a new key after its base', () => {
    expect(knowledgeApiKeyName('Clinic FAQ')).toBe('API Key for Clinic FAQ');
  });

  it('shows only the last 4 characters of a token', () => {
    expect(maskToken('dataset-abcdefghWXYZ')).toBe('••••••••WXYZ');
    expect(maskToken('dataset-abcdefghWXYZ')).not.toContain('abcd');
    expect(maskToken('abc')).toBe('•••');
  });
});
