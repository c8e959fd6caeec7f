// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { liveLines, livePhase, type TranscriptionStream } from './liveCall';

const stream = (
  id: string,
  identity: string,
  text: string,
  timestamp: number,
  attributes: Record<string, string> = {},
): TranscriptionStream => ({
  text,
  participantInfo: { identity },
  streamInfo: { id, timestamp, attributes },
});

describe('live call', () => {
  it.each([
    ['idle', 'speaking', null],
    ['connecting', undefined, 'connecting'],
    ['connecting', 'listening', 'connecting'],
    ['connected', undefined, 'waiting'],
    ['connected', 'initializing', 'waiting'],
    ['connected', 'listening', 'listening'],
    ['connected', 'idle', 'listening'],
    ['connected', 'thinking', 'thinking'],
    ['connected', 'speaking', 'speaking'],
  ] as const)('call %s, agent %s → %s', (call, agent, phase) => {
    expect(livePhase(call, agent)).toBe(phase);
  });

  it('orders lines by time, tells the caller from the agent, merges a segment, drops empty text', () => {
    const lines = liveLines(
      [
        stream('s2', 'console-1a2b3c4d', 'what are your opening hours', 2000, {
          'lk.segment_id': 'seg-2',
          'lk.transcription_final': 'true',
        }),
        stream('s1', 'agent-xyz', 'Hello! How can I help you today?', 1000, {
          'lk.transcription_final': 'true',
        }),
        stream('s3', 'agent-xyz', 'We are open', 3000, { 'lk.segment_id': 'seg-3' }),
        stream('s3b', 'agent-xyz', 'We are open Monday to Friday', 3000, {
          'lk.segment_id': 'seg-3',
        }),
        stream('s4', 'agent-xyz', '   ', 4000),
      ],
      'console-1a2b3c4d',
    );
    expect(lines).toEqual([
      { id: 's1', speaker: 'agent', text: 'Hello! How can I help you today?', final: true },
      { id: 'seg-2', speaker: 'caller', text: 'what are your opening hours', final: true },
      { id: 'seg-3', speaker: 'agent', text: 'We are open Monday to Friday', final: false },
    ]);
  });

  it('without a local identity every line is the agent’s', () => {
    expect(liveLines([stream('a', 'x', 'hi', 1)], undefined)[0]!.speaker).toBe('agent');
  });
});
