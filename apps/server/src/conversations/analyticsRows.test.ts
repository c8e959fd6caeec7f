import { describe, expect, it } from 'vitest';
import { callsOf, handoffsOf, totalsOf, unansweredOf } from './analyticsRows';

describe('analytics rows → figures', () => {
  it('calls: the totals row (whole 1) and one per end reason (whole 0)', () => {
    const rows = [
      { whole: 1, reason: null, count: '3', total: '90.5', p50: '30', p95: null },
      { whole: 0, reason: 'caller', count: '2' },
      { whole: 0, reason: 'agent', count: 1 },
    ];
    expect(callsOf(rows)).toEqual({
      count: 3,
      duration_s: { total: 90.5, p50: 30, p95: null },
      end_reasons: [
        { reason: 'caller', count: 2 },
        { reason: 'agent', count: 1 },
      ],
    });
    expect(callsOf([])).toEqual({
      count: 0,
      duration_s: { total: 0, p50: null, p95: null },
      end_reasons: [],
    });
  });

  it('totals: the share answered without error, none without answers', () => {
    expect(totalsOf({ conversations: 2, messages: 9, agent_answers: 4, answered_ok: 3 })).toEqual({
      conversations: 2,
      messages: 9,
      agent_answers: 4,
      answered_without_error: 3,
      answered_share: 0.75,
    });
    expect(totalsOf(undefined).answered_share).toBeNull();
  });

  it('handoffs per member and in all; unanswered questions with their dates', () => {
    expect(
      handoffsOf([
        { user_id: 'u1', name: 'Ana', count: '2' },
        { user_id: 'u2', name: 'Bo', count: 1 },
      ]),
    ).toEqual({
      total: 3,
      by_member: [
        { user_id: 'u1', name: 'Ana', count: 2 },
        { user_id: 'u2', name: 'Bo', count: 1 },
      ],
    });
    expect(
      unansweredOf([
        { conversation_id: 'c1', question: null, reason: 'offline', created_at: new Date(0) },
      ]),
    ).toEqual([
      {
        conversation_id: 'c1',
        question: '',
        reason: 'offline',
        created_at: '1970-01-01T00:00:00.000Z',
      },
    ]);
  });
});
