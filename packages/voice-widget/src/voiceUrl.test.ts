// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { tokenUrl, voiceBackendUrl } from './voiceUrl';

describe('voiceBackendUrl', () => {
  it('drops /v1 from the agent URL', () => {
    expect(voiceBackendUrl('https://example.com/v1')).toBe('https://example.com');
    expect(voiceBackendUrl('https://example.com/v1/chat-messages')).toBe('https://example.com');
    expect(voiceBackendUrl('https://example.com/v1/')).toBe('https://example.com');
    expect(voiceBackendUrl(' https://example.com ')).toBe('https://example.com');
  });

  it('leaves other paths alone', () => {
    expect(voiceBackendUrl('https://example.com/api/v1x')).toBe('https://example.com/api/v1x');
    expect(voiceBackendUrl('https://example.com/v1/custom')).toBe('https://example.com/v1/custom');
  });
});

describe('tokenUrl', () => {
  it("asks the server's voice backend (/voice) for a token for the agent", () => {
    expect(tokenUrl('https://parley.example', 'support_1')).toBe(
      'https://parley.example/voice/tokens/generate?agent_name=support_1',
    );
    expect(tokenUrl('https://parley.example/v1', 'a')).toBe(
      'https://parley.example/voice/tokens/generate?agent_name=a',
    );
    expect(tokenUrl('https://voice.example/voice/', 'a b')).toBe(
      'https://voice.example/voice/tokens/generate?agent_name=a%20b',
    );
  });
});
