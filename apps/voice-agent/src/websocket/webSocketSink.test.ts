import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AudioFrame } from '@livekit/rtc-node';
import { playoutMarginMs, WebSocketSink } from './webSocketSink';

describe('WebSocketSink (the agent’s voice to a WebSocket client)', () => {
  let now = 0;
  beforeEach(() => {
    vi.useFakeTimers();
    now = 1_000;
  });
  afterEach(() => vi.useRealTimers());

  function sink() {
    const sent: Buffer[] = [];
    const socket = { readyState: 1, OPEN: 1, send: (b: Buffer) => sent.push(b) };
    const cleared = vi.fn();
    return { sent, cleared, sink: new WebSocketSink(socket, 16000, cleared, () => now) };
  }
  const frame = (ms: number) => {
    const n = (16000 * ms) / 1000;
    return new AudioFrame(new Int16Array(n), 16000, 1, n);
  };

  it('sends 20 ms frames at once, and counts a segment played once its audio has had time to play', () => {
    const { sent, sink: s } = sink();
    s.write(frame(100));
    expect(sent.map((b) => b.length)).toEqual([640, 640, 640, 640, 640]);
    const played = vi.fn();
    s.endSegment(played);
    vi.advanceTimersByTime(100 + playoutMarginMs - 1);
    expect(played).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(played).toHaveBeenCalledTimes(1);
  });

  it('barge-in: clear tells the client at once and forgets the queued segment; a closed socket plays what waits', () => {
    const { cleared, sink: s } = sink();
    s.write(frame(1000));
    const interrupted = vi.fn();
    s.endSegment(interrupted);
    s.clear();
    expect(cleared).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(interrupted).not.toHaveBeenCalled();

    s.write(frame(1000));
    const waiting = vi.fn();
    s.endSegment(waiting);
    s.drop();
    expect(waiting).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(waiting).toHaveBeenCalledTimes(1);
  });
});
