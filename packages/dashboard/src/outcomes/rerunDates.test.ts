import { describe, expect, it } from 'vitest';
import { outcomeRerunRequestSchema } from '@parley/api-client';
import { daysAgo, rerunProblem, rerunRequest } from './rerunDates';

describe('the rerun days', () => {
  it('a week ago, as a day', () => {
    expect(daysAgo(7, new Date(2026, 10, 28, 12))).toBe('2026-11-21');
  });

  it('since the start of a day until the end of another (inclusive), as the contract wants', () => {
    const body = rerunRequest('2026-11-21', '2026-11-25');
    expect(body).toEqual({
      since: new Date(2026, 10, 21).toISOString(),
      until: new Date(2026, 10, 26).toISOString(),
    });
    expect(outcomeRerunRequestSchema.safeParse(body).success).toBe(true);
    expect(rerunRequest('2026-11-21', '')).toEqual({ since: new Date(2026, 10, 21).toISOString() });
    expect(rerunRequest('nope', '')).toBeNull();
  });

  it('says what is wrong with the days', () => {
    expect(rerunProblem('2026-11-21', '')).toBeNull();
    expect(rerunProblem('', '')).toBe('Ended since: choose a day');
    expect(rerunProblem('2026-11-21', '2026-11-20')).toBe(
      'Ended until must not be before Ended since',
    );
  });
});
