import { describe, expect, it } from 'vitest';
import { applyTranscript, type StreamLine } from './streamTranscript';

const t = (role: 'user' | 'agent', text: string, final: boolean) =>
  ({ type: 'transcript', role, text, final }) as const;

describe('applyTranscript (a WebSocket call’s running transcript)', () => {
  it('a line grows while it is not final, then the next one starts a new line', () => {
    let lines: StreamLine[] = [];
    lines = applyTranscript(lines, t('agent', 'Welcome', false));
    lines = applyTranscript(lines, t('agent', 'Welcome to the clinic.', false));
    lines = applyTranscript(lines, t('agent', 'Welcome to the clinic.', true));
    lines = applyTranscript(lines, t('user', 'what are your opening hours', true));
    lines = applyTranscript(lines, t('agent', 'We open', false));
    expect(lines).toEqual([
      { id: 'agent-0', role: 'agent', text: 'Welcome to the clinic.', final: true },
      { id: 'user-1', role: 'user', text: 'what are your opening hours', final: true },
      { id: 'agent-2', role: 'agent', text: 'We open', final: false },
    ]);
  });

  it("the caller's words in the middle of an agent line do not split it; empty text changes nothing", () => {
    let lines: StreamLine[] = [];
    lines = applyTranscript(lines, t('agent', 'We open at', false));
    lines = applyTranscript(lines, t('user', 'hello', true));
    lines = applyTranscript(lines, t('agent', 'We open at eight.', true));
    lines = applyTranscript(lines, t('user', '  ', true));
    expect(lines.map((l) => [l.role, l.text, l.final])).toEqual([
      ['agent', 'We open at eight.', true],
      ['user', 'hello', true],
    ]);
  });
});
