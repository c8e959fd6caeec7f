import { describe, expect, it } from 'vitest';
import { voiceAvailability, voiceUnavailableReason } from './systemStatus';

describe('voiceAvailability (System Status voice: what Talk to Agent reads)', () => {
  it('is available when LiveKit is configured', () => {
    expect(
      voiceAvailability({
        LIVEKIT_URL: 'wss://lk.example',
        LIVEKIT_API_KEY: 'key',
        LIVEKIT_API_SECRET: 'secret',
      }),
    ).toEqual({ available: true });
  });

  it.each([
    [{}],
    [{ LIVEKIT_URL: 'wss://lk.example', LIVEKIT_API_KEY: 'key' }],
    [{ LIVEKIT_URL: ' ', LIVEKIT_API_KEY: 'key', LIVEKIT_API_SECRET: 'secret' }],
  ])('is not, saying why, when LiveKit is not configured (%j)', (env) => {
    expect(voiceAvailability(env)).toEqual({ available: false, reason: voiceUnavailableReason });
  });
});
