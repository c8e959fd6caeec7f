// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { talkUnavailableReason } from './voiceAvailability';

describe('talkUnavailableReason (System Status voice → Talk to Agent)', () => {
  it('offers a call when voice is available, or while the status is not known', () => {
    expect(talkUnavailableReason({ voice: { available: true } })).toBeNull();
    expect(talkUnavailableReason(undefined)).toBeNull();
  });
  it('says why not when voice is unavailable', () => {
    expect(
      talkUnavailableReason({ voice: { available: false, reason: 'LiveKit is not set up.' } }),
    ).toBe('LiveKit is not set up.');
    expect(talkUnavailableReason({ voice: { available: false } })).toBe(
      'Voice calls are not available on this server.',
    );
  });
});
