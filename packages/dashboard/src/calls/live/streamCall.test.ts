// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { streamLines, streamPhase } from './streamCall';

describe('WebSocket call panel', () => {
  it("maps the stream's lines (user → caller) and keeps their order and finality", () => {
    expect(
      streamLines([
        { id: 'agent-0', role: 'agent', text: 'Welcome.', final: true },
        { id: 'user-1', role: 'user', text: 'hello', final: false },
      ]),
    ).toEqual([
      { id: 'agent-0', speaker: 'agent', text: 'Welcome.', final: true },
      { id: 'user-1', speaker: 'caller', text: 'hello', final: false },
    ]);
  });

  it.each([
    ['idle', 'speaking', null],
    ['connecting', null, 'connecting'],
    ['connected', null, 'waiting'],
    ['connected', 'listening', 'listening'],
    ['connected', 'thinking', 'thinking'],
    ['connected', 'speaking', 'speaking'],
  ] as const)('call %s, agent %s → %s', (call, state, phase) => {
    expect(streamPhase(call, { state, lines: [] })).toBe(phase);
  });
});
