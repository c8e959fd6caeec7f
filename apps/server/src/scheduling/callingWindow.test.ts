import { describe, expect, it } from 'vitest';
import { isWindowOpen, nextWindowOpening, zonesForNumber } from './callingWindow';
import { afterAttempt, retryDelayMinutes } from './retry';
import { breakerAfter, breakerTrips } from './settings';
import { nextWakeDelay } from '../lib/jobs';
import { admit, groupBy, sendRoom } from './admission';

const window = { start: '08:00', end: '21:00' };

describe('zonesForNumber', () => {
  it('given North American numbers › the area code’s zone; a split area code › each of its zones', () => {
    expect(zonesForNumber('+14155550100')).toEqual(['America/Los_Angeles']);
    expect(zonesForNumber('+12125550100')).toEqual(['America/New_York']);
    expect(zonesForNumber('+13125550100')).toEqual(['America/Chicago']);
    expect(zonesForNumber('+16045550100')).toEqual(['America/Vancouver']);
    expect(zonesForNumber('+18505550100')).toEqual(['America/New_York', 'America/Chicago']);
  });
  it('given other countries › the country’s zones (several for a multi-zone country)', () => {
    expect(zonesForNumber('+442071838750')).toEqual(['Europe/London']);
    expect(zonesForNumber('+33142685300')).toEqual(['Europe/Paris']);
    // An Australian mobile says nothing of where it rings: every zone of the country.
    expect(zonesForNumber('+61412345678').length).toBeGreaterThan(1);
    expect(zonesForNumber('+999123')).toEqual(['UTC']);
  });
  it('given Australian and Brazilian geographic numbers › their area’s zone(s); mobiles in Brazil keep their area code', () => {
    expect(zonesForNumber('+61293744000')).toEqual(['Australia/Sydney']);
    expect(zonesForNumber('+61396547000')).toEqual(['Australia/Melbourne', 'Australia/Hobart']);
    expect(zonesForNumber('+61732216000')).toEqual(['Australia/Brisbane']);
    expect(zonesForNumber('+61892226000')).toEqual(['Australia/Perth']);
    expect(zonesForNumber('+61882071000')).toEqual(['Australia/Adelaide']);
    expect(zonesForNumber('+61889991000')).toEqual(['Australia/Darwin']);
    expect(zonesForNumber('+551131234567')).toEqual(['America/Sao_Paulo']);
    expect(zonesForNumber('+5568999123456')).toEqual(['America/Rio_Branco']);
    expect(zonesForNumber('+5592991234567')).toEqual(['America/Manaus']);
    expect(zonesForNumber('+556533221100')).toEqual(['America/Cuiaba']);
  });
  it('given a Sydney number at 08:30 local › open, though Perth is still asleep (an Australian mobile: closed)', () => {
    // 2030-03-05 21:30Z is 08:30 on the 6th in Sydney (UTC+11 in March), 05:30 in Perth (UTC+8).
    const at = new Date('2030-03-05T21:30:00Z');
    expect(isWindowOpen(at, zonesForNumber('+61293744000'), window)).toBe(true);
    expect(isWindowOpen(at, zonesForNumber('+61412345678'), window)).toBe(false);
  });
});

describe('isWindowOpen / nextWindowOpening', () => {
  it('given 08:00–21:00 › open at 10:00 local, closed at 21:00 and 07:59', () => {
    const la = ['America/Los_Angeles'];
    expect(isWindowOpen(new Date('2030-03-05T18:00:00Z'), la, window)).toBe(true); // 10:00
    expect(isWindowOpen(new Date('2030-03-06T05:00:00Z'), la, window)).toBe(false); // 21:00
    expect(isWindowOpen(new Date('2030-03-05T15:59:00Z'), la, window)).toBe(false); // 07:59
    expect(nextWindowOpening(new Date('2030-03-05T15:30:20Z'), la, window)?.toISOString()).toBe(
      '2030-03-05T16:00:00.000Z',
    );
  });
  it('given several zones › open only where every zone is inside the window', () => {
    const both = ['America/New_York', 'America/Los_Angeles'];
    // 08:30 in New York is 05:30 in Los Angeles: closed until 08:00 there (11:00 in New York).
    const at = new Date('2030-03-05T13:30:00Z');
    expect(isWindowOpen(at, both, window)).toBe(false);
    expect(nextWindowOpening(at, both, window)?.toISOString()).toBe('2030-03-05T16:00:00.000Z');
  });
  it('given "00:00"–"24:00" › any time; a window over midnight wraps', () => {
    const at = new Date('2030-03-05T11:00:00Z'); // 03:00 in Los Angeles
    expect(isWindowOpen(at, ['America/Los_Angeles'], { start: '00:00', end: '24:00' })).toBe(true);
    expect(isWindowOpen(at, ['America/Los_Angeles'], { start: '22:00', end: '06:00' })).toBe(true);
    expect(isWindowOpen(at, ['America/Los_Angeles'], window)).toBe(false);
  });
  it('given zones too far apart for the window › never opens', () => {
    const apart = ['Asia/Tokyo', 'America/New_York'];
    const office = { start: '09:00', end: '17:00' };
    expect(nextWindowOpening(new Date('2030-03-05T00:00:00Z'), apart, office)).toBeNull();
  });
});

describe('afterAttempt', () => {
  const endedAt = new Date('2030-03-05T18:00:00Z');
  const windowEnd = new Date('2030-03-05T19:00:00Z');
  it('given answered or voicemail › completed', () => {
    expect(
      afterAttempt({ outcome: 'answered', attemptsMade: 1, maxRetries: 3, endedAt, windowEnd }),
    ).toEqual({ kind: 'final', status: 'completed', reason: null });
    expect(
      afterAttempt({ outcome: 'voicemail', attemptsMade: 1, maxRetries: 3, endedAt, windowEnd }),
    ).toMatchObject({ status: 'completed' });
  });
  it('given no-answer, busy, failed › retries after 2, 5, 10 … minutes while retries and the window last', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map(retryDelayMinutes)).toEqual([2, 5, 10, 20, 30, 60, 60]);
    expect(
      afterAttempt({ outcome: 'busy', attemptsMade: 2, maxRetries: 3, endedAt, windowEnd }),
    ).toEqual({
      kind: 'retry',
      at: new Date('2030-03-05T18:05:00Z'),
      reason: 'Busy: retry 2 of 3',
    });
    expect(
      afterAttempt({ outcome: 'failed', attemptsMade: 4, maxRetries: 3, endedAt, windowEnd }),
    ).toMatchObject({ kind: 'final', status: 'failed' });
    expect(
      afterAttempt({
        outcome: 'no-answer',
        attemptsMade: 1,
        maxRetries: 3,
        endedAt,
        windowEnd: endedAt,
      }),
    ).toMatchObject({ kind: 'final', status: 'failed' });
  });
  it('given the breaker’s window › trips at 5 provider failures among the last 10', () => {
    expect(breakerTrips([true, true, true, true])).toBe(false);
    expect(breakerTrips([true, false, true, false, true, false, true, false, true, false])).toBe(
      true,
    );
    expect(breakerTrips([true, true, true, true, true, ...Array(10).fill(false)])).toBe(false);
  });
});

describe('the scheduler’s batch arithmetic', () => {
  it('admit › taken-over claims always; fresh ones up to the cap’s room; none while paused', () => {
    const cap = { maxConcurrent: 5, running: 3, paused: false };
    expect(admit(cap, ['t'], ['a', 'b', 'c'])).toEqual(['t', 'a', 'b']);
    expect(admit({ ...cap, running: 7 }, ['t'], ['a'])).toEqual(['t']);
    expect(admit({ ...cap, paused: true }, ['t'], ['a'])).toEqual(['t']);
  });
  it('sendRoom › what both windows still allow, never below 0', () => {
    const limit = { perMinute: 60, perDay: 1000 };
    expect(sendRoom(limit, { lastMinute: 10, lastDay: 100 })).toBe(50);
    expect(sendRoom(limit, { lastMinute: 10, lastDay: 990 })).toBe(10);
    expect(sendRoom(limit, { lastMinute: 70, lastDay: 100 })).toBe(0);
  });
  it('nextWakeDelay › only work due after now and before the next round', () => {
    const now = new Date('2030-03-05T18:00:00Z');
    const at = (ms: number) => new Date(now.getTime() + ms);
    expect(nextWakeDelay(at(300), now, 1000)).toBe(300);
    expect(nextWakeDelay(at(1500), now, 1000)).toBeNull();
    expect(nextWakeDelay(at(0), now, 1000)).toBeNull();
    expect(nextWakeDelay(at(-50), now, 1000)).toBeNull();
    expect(nextWakeDelay(null, now, 1000)).toBeNull();
  });
  it('groupBy › groups in order of first appearance', () => {
    expect([...groupBy(['a1', 'b1', 'a2'], (s) => s[0]!)]).toEqual([
      ['a', ['a1', 'a2']],
      ['b', ['b1']],
    ]);
  });
});

describe('breakerAfter', () => {
  it('given results in order › trips at the first that makes 5 of the last 10, even if later ones succeed', () => {
    const failures = Array<boolean>(5).fill(true);
    const after = breakerAfter([false], [...failures, ...Array<boolean>(6).fill(false)], false);
    expect(after.trips).toBe('5 of the last 6 calls failed at the telephony provider');
    expect(after.recent).toHaveLength(10);
    expect(breakerAfter([], [true, false, true], false).trips).toBeNull();
    // Already open: counted, not tripped again.
    expect(breakerAfter([], failures, true)).toEqual({ recent: failures, trips: null });
  });
});
