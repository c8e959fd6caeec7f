// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readFlag, writeFlag, type FlagStorage } from './storedFlag';

function memory(): FlagStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('stored flags', () => {
  it('remembers yes and no, and falls back when nothing is stored', () => {
    const s = memory();
    expect(readFlag(s, 'x')).toBe(false);
    expect(readFlag(s, 'x', true)).toBe(true);
    writeFlag(s, 'x', true);
    expect(readFlag(s, 'x')).toBe(true);
    writeFlag(s, 'x', false);
    expect(readFlag(s, 'x', true)).toBe(false);
  });

  it('a blocked or missing storage is ignored', () => {
    const blocked: FlagStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readFlag(blocked, 'x', true)).toBe(true);
    expect(() => writeFlag(blocked, 'x', true)).not.toThrow();
    expect(readFlag(null, 'x')).toBe(false);
  });
});
