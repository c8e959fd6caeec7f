// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  callEndText,
  callSourceLabel,
  callsRefetchInterval,
  formatCallDuration,
  formatCallStart,
  formatLatency,
  latencyFigures,
  medianLatency,
  turnKindLabel,
} from './callFormat';

describe('call log formatting', () => {
  it.each([
    [{ source: 'browser', transport: 'livekit' }, 'Browser'],
    [{ source: 'widget', transport: 'livekit' }, 'Widget'],
    [{ source: 'phone', transport: 'phone' }, 'Phone'],
    [{ source: null, transport: 'phone' }, 'Phone'],
    [{ source: null, transport: 'livekit' }, 'Browser or widget'],
    [{ source: null, transport: null }, 'Unknown'],
  ] as const)('names where the caller was: %o → %s', (call, label) => {
    expect(callSourceLabel(call)).toBe(label);
  });

  it.each([
    [0, '0:00'],
    [9, '0:09'],
    [65.4, '1:05'],
    [300, '5:00'],
    [3725, '1:02:05'],
    [null, 'In progress'],
  ])('duration %s → %s', (seconds, text) => {
    expect(formatCallDuration(seconds)).toBe(text);
  });

  it('formats the start in the given locale and zone; a bad date stays as given', () => {
    expect(
      formatCallStart('2026-11-23T14:05:00.000Z', { locale: 'en-US', timeZone: 'UTC' }),
    ).toMatch(/^Nov 23, 2026,? 2:05\sPM$/);
    expect(formatCallStart('yesterday')).toBe('yesterday');
  });

  it.each([
    [{ ended_at: null, ended_by: null, end_reason: null }, 'In progress', null],
    [{ ended_at: 'x', ended_by: 'caller', end_reason: 'hung up' }, 'Caller hung up', 'hung up'],
    [
      { ended_at: 'x', ended_by: 'max_duration', end_reason: ' ' },
      'Max call duration reached',
      null,
    ],
    [{ ended_at: 'x', ended_by: 'nudges', end_reason: null }, 'No reply after the nudges', null],
    [{ ended_at: 'x', ended_by: 'error', end_reason: 'TTS failed' }, 'Error', 'TTS failed'],
    [{ ended_at: 'x', ended_by: 'agent', end_reason: null }, 'Agent ended the call', null],
    [{ ended_at: 'x', ended_by: null, end_reason: null }, 'Ended', null],
  ])('who ended %o', (call, who, why) => {
    expect(callEndText(call)).toEqual({ who, why });
  });

  it('formats latency in ms under a second and in seconds above', () => {
    expect(formatLatency(812.4)).toBe('812 ms');
    expect(formatLatency(1234)).toBe('1.2 s');
    expect(formatLatency(null)).toBeNull();
    expect(formatLatency(Number.NaN)).toBeNull();
  });

  it('lists only the measured figures, response first', () => {
    expect(
      latencyFigures({ latency_ms: 812, llm_ttft_ms: 40, tts_ttfb_ms: null }).map(
        (f) => `${f.label} ${f.value}`,
      ),
    ).toEqual(['Response 812 ms', 'Model 40 ms']);
    expect(latencyFigures({ latency_ms: null, llm_ttft_ms: null, tts_ttfb_ms: null })).toEqual([]);
  });

  it('tags utterances outside the model and leaves answers plain', () => {
    expect(turnKindLabel('initial_message')).toBe('Initial message');
    expect(turnKindLabel('nudge')).toBe('Nudge');
    expect(turnKindLabel('answer')).toBeNull();
    expect(turnKindLabel(null)).toBeNull();
  });

  it('takes the median of the measured answers', () => {
    expect(medianLatency([])).toBeNull();
    expect(medianLatency([{ latency_ms: 900 }, { latency_ms: null }, { latency_ms: 700 }])).toBe(
      800,
    );
    expect(medianLatency([{ latency_ms: 3 }, { latency_ms: 1 }, { latency_ms: 2 }])).toBe(2);
  });
});

describe('callsRefetchInterval', () => {
  it('asks again every 5 s only while a call is running', () => {
    expect(callsRefetchInterval(undefined)).toBe(false);
    expect(callsRefetchInterval([])).toBe(false);
    expect(callsRefetchInterval([{ ended_at: '2026-11-24T03:00:00Z' }])).toBe(false);
    expect(callsRefetchInterval([{ ended_at: '2026-11-24T03:00:00Z' }, { ended_at: null }])).toBe(
      5000,
    );
  });
});
