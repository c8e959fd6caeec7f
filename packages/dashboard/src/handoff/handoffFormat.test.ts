// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatWaited, isLongWait, longWaitMs, newlyWaiting, waitedMs } from './handoffFormat';

describe('handoffFormat', () => {
  it('says how long a conversation has waited', () => {
    expect(formatWaited(0)).toBe('<1 min');
    expect(formatWaited(-5000)).toBe('<1 min');
    expect(formatWaited(59_999)).toBe('<1 min');
    expect(formatWaited(7 * 60_000 + 10_000)).toBe('7 min');
    expect(formatWaited(60 * 60_000)).toBe('1 h');
    expect(formatWaited(65 * 60_000)).toBe('1 h 5 min');
    expect(formatWaited(24 * 3600_000)).toBe('1 d');
    expect(formatWaited(51 * 3600_000)).toBe('2 d 3 h');
  });

  it('a wait of ten minutes or more is long', () => {
    const now = Date.parse('2026-06-01T10:00:00Z');
    const at = (ms: number) => ({ requested_at: new Date(now - ms).toISOString() });
    expect(waitedMs(at(90_000), now)).toBe(90_000);
    expect(isLongWait(at(longWaitMs - 1), now)).toBe(false);
    expect(isLongWait(at(longWaitMs), now)).toBe(true);
  });

  it('names the conversations that started waiting since the last look', () => {
    expect(newlyWaiting(new Set(['a']), [{ id: 'a' }, { id: 'b' }])).toEqual(['b']);
    expect(newlyWaiting(new Set(), [])).toEqual([]);
  });
});
