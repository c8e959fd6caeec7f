import { describe, expect, it } from 'vitest';
import { createApiKeyRequestSchema } from './apiKeys';

describe('the API keys contract', () => {
  it('a key is made with a name and known scopes, each once', () => {
    expect(createApiKeyRequestSchema.parse({ name: ' CI ', scopes: ['agents:read'] })).toEqual({
      name: 'CI',
      scopes: ['agents:read'],
    });
    expect(
      createApiKeyRequestSchema.safeParse({ name: 'CI\u0000', scopes: ['agents:read'] }).success,
    ).toBe(false);
    expect(
      createApiKeyRequestSchema.safeParse({ name: 'CI', scopes: ['agents:fly'] }).success,
    ).toBe(false);
  });
});
