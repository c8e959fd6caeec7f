import { describe, expect, it } from 'vitest';
import {
  bucketStarts,
  channelTotals,
  formatDuration,
  formatMs,
  formatShare,
  formatUtc,
  knowledgeDraft,
  seriesRows,
  versionItems,
} from './analyticsFormat';

const base = {
  from: '2026-11-25T10:00:00.000Z',
  to: '2026-11-25T13:20:00.000Z',
  bucket: 'hour' as const,
};

describe('series shaping', () => {
  it('every bucket of the period, zero-filled, a count per channel present and the total', () => {
    const rows = seriesRows(
      {
        ...base,
        series: [
          { at: '2026-11-25T11:00:00.000Z', channel: 'voice', conversations: 1, messages: 4 },
          { at: '2026-11-25T11:00:00.000Z', channel: 'chat', conversations: 2, messages: 6 },
          { at: '2026-11-25T13:00:00.000Z', channel: 'chat', conversations: 1, messages: 2 },
        ],
      },
      'messages',
    );
    expect(rows.map((r) => [r.label, r.counts, r.total])).toEqual([
      ['10:00', { chat: 0, voice: 0 }, 0],
      ['11:00', { chat: 6, voice: 4 }, 10],
      ['12:00', { chat: 0, voice: 0 }, 0],
      ['13:00', { chat: 2, voice: 0 }, 2],
    ]);
  });

  it('days are UTC days from the period start; a row outside the period is ignored', () => {
    expect(bucketStarts('2026-11-20T10:00:00Z', '2026-11-22T09:00:00Z', 'day')).toEqual([
      '2026-11-20T00:00:00.000Z',
      '2026-11-21T00:00:00.000Z',
      '2026-11-22T00:00:00.000Z',
    ]);
    const rows = seriesRows(
      {
        from: '2026-11-20T10:00:00Z',
        to: '2026-11-21T09:00:00Z',
        bucket: 'day',
        series: [
          { at: '2026-11-21T00:00:00.000Z', channel: 'sms', conversations: 3, messages: 9 },
          { at: '2026-11-01T00:00:00.000Z', channel: 'sms', conversations: 5, messages: 5 },
        ],
      },
      'conversations',
    );
    expect(rows.map((r) => [r.label, r.total])).toEqual([
      ['Nov 20', 0],
      ['Nov 21', 3],
    ]);
  });

  it('message totals per channel', () => {
    expect(
      channelTotals({
        series: [
          { at: 'a', channel: 'sms', conversations: 1, messages: 2 },
          { at: 'b', channel: 'chat', conversations: 1, messages: 3 },
          { at: 'c', channel: 'sms', conversations: 1, messages: 4 },
        ],
      }),
    ).toEqual([
      { channel: 'chat', messages: 3 },
      { channel: 'sms', messages: 6 },
    ]);
  });
});

describe('figures', () => {
  it('formats times, shares, durations and the knowledge draft', () => {
    expect(formatMs(null)).toBe('—');
    expect(formatMs(412.4)).toBe('412 ms');
    expect(formatMs(1530)).toBe('1.53 s');
    expect(formatShare(null)).toBe('—');
    expect(formatShare(1)).toBe('100%');
    expect(formatShare(0.9234)).toBe('92.3%');
    expect(formatDuration(42)).toBe('42 s');
    expect(formatDuration(125)).toBe('2 min 5 s');
    expect(formatDuration(3720)).toBe('1 h 2 min');
    expect(knowledgeDraft('  Do you open on Sundays? ')).toBe('Q: Do you open on Sundays?\nA: ');
  });
});

describe('the version filter', () => {
  it('offers every version newest first, the live one marked, and the draft; none before a publish', () => {
    expect(versionItems(null)).toEqual([]);
    expect(versionItems(2).map((i) => [i.value, i.label])).toEqual([
      ['all', 'All versions'],
      ['2', 'Version 2 (live)'],
      ['1', 'Version 1'],
      ['draft', 'Draft (console tests)'],
    ]);
  });
});

describe('formatUtc', () => {
  it('one format for every moment of the section', () => {
    expect(formatUtc('2026-11-21T19:00:00.000Z')).toBe('Nov 21, 2026, 19:00 UTC');
    expect(formatUtc('2026-11-28T07:16:05.000Z')).toBe('Nov 28, 2026, 07:16 UTC');
  });
});
