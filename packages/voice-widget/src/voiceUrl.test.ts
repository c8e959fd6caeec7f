import { describe, expect, it } from 'vitest';
import { voiceBackendUrl } from './voiceUrl';

describe('voiceBackendUrl', () => {
  it('drops /v1 from the agent URL', () => {
    expect(voiceBackendUrl('https://example.com/v1')).toBe('https://example.com');
    expect(voiceBackendUrl('https://example.com/v1/chat-messages')).toBe('https://example.com');
  });
});
