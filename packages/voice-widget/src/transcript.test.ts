import { describe, expect, it } from 'vitest';
import { addSegment, renderTranscript, stateText } from './transcript';

describe('addSegment', () => {
  it('a growing segment replaces its text in place', () => {
    let lines = addSegment([], { id: 's1', agent: false, text: 'what are' });
    lines = addSegment(lines, { id: 's2', agent: true, text: 'Hello' });
    lines = addSegment(lines, { id: 's1', agent: false, text: 'what are your opening hours' });
    expect(lines).toEqual([
      { id: 's1', agent: false, text: 'what are your opening hours' },
      { id: 's2', agent: true, text: 'Hello' },
    ]);
  });

  it('keeps the newest segments only and drops empty text', () => {
    let lines = addSegment([], { id: 'a', agent: true, text: '  ' });
    expect(lines).toEqual([]);
    for (const id of ['a', 'b', 'c', 'd']) lines = addSegment(lines, { id, agent: true, text: id });
    expect(lines.map((l) => l.id)).toEqual(['b', 'c', 'd']);
    expect(addSegment(lines, { id: 'c', agent: true, text: '' }).map((l) => l.id)).toEqual([
      'b',
      'd',
    ]);
  });
});

describe('stateText', () => {
  it("says the three states the widget shows, in the widget's language", () => {
    expect(
      ['listening', 'thinking', 'speaking', 'idle', undefined].map((v) => stateText('en', v)),
    ).toEqual(['Listening', 'Thinking...', 'Agent speaking', null, null]);
    expect(stateText('de', 'speaking')).toBe('Agent spricht');
    expect(stateText('xx', 'thinking')).toBe('Thinking...');
  });
});

describe('renderTranscript', () => {
  it("renders the visitor's lines as 'me' and replaces what was there", () => {
    const el = document.createElement('div');
    renderTranscript(el, [{ id: 'x', agent: true, text: 'old' }]);
    renderTranscript(el, [
      { id: 'u1', agent: false, text: '<b>hi</b>' },
      { id: 'a1', agent: true, text: 'Hello' },
    ]);
    expect(el.innerHTML).toBe('<p class="me">&lt;b&gt;hi&lt;/b&gt;</p><p>Hello</p>');
  });
});
