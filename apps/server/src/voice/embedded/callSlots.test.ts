import { describe, expect, it } from 'vitest';
import { CallSlots } from './callSlots';

describe('CallSlots (PARLEY_EMBEDDED_VOICE_CALLS per process)', () => {
  it('a token holds a slot until its socket connects (then the call does) or it expires', () => {
    let now = 1_000_000;
    const slots = new CallSlots(2, () => now);
    expect(slots.reserve('a', now + 60_000)).toBe(true);
    expect(slots.reserve('b', now + 30_000)).toBe(true);
    expect(slots.reserve('c', now + 60_000)).toBe(false);
    // The soonest reservation frees a slot in 30 s.
    expect(slots.retryAfterSeconds()).toBe(30);
    const release = slots.admit('a')!;
    expect(slots.live()).toBe(1);
    expect(slots.used()).toBe(2);
    now += 30_000; // b expired unused
    expect(slots.used()).toBe(1);
    expect(slots.reserve('c', now + 60_000)).toBe(true);
    release();
    release(); // once only
    expect(slots.used()).toBe(1);
    expect(slots.live()).toBe(0);
  });

  it('a socket whose token another process issued takes a free slot, or none (null)', () => {
    const slots = new CallSlots(1, () => 0);
    const release = slots.admit('elsewhere')!;
    expect(release).toBeTypeOf('function');
    expect(slots.admit('another')).toBeNull();
    expect(slots.reserve('mine', 60_000)).toBe(false);
    // With no reservation to wait for, a call's length is the guess.
    expect(slots.retryAfterSeconds()).toBe(30);
    release();
    expect(slots.admit('another')).not.toBeNull();
  });
});
