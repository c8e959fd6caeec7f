import type { AudioFrame } from '@livekit/rtc-node';
import type { AudioSink } from '../audioIo';

/** What the sink needs of a socket (a `ws` WebSocket). */
export interface BinarySocket {
  readonly readyState: number;
  readonly OPEN: number;
  send(data: Buffer): void;
}

/** Audio frames sent to the client: at most this long each (the client's 20 ms frames, mirrored). */
export const outputFrameMs = 20;

/**
 * A segment is reported played this long after its audio should have ended at the client: the
 * client starts playing a frame a little after it arrives (its scheduling and the network), and the
 * framework's next state (listening) tells the client to drop what it still has queued.
 */
export const playoutMarginMs = 250;

/**
 * The agent's audio to a WebSocket client: PCM16LE mono frames at the client's rate, sent as soon
 * as they are made (the client queues and plays them). The client acknowledges nothing, so the
 * sink keeps the client's play-out clock itself: a segment counts as played once all its audio has
 * had time to play (`playoutMarginMs` after). `clear` (the caller spoke over the agent) forgets
 * what is queued and calls `onClear`, which tells the client to drop its queue.
 */
export class WebSocketSink implements AudioSink {
  /** When the audio sent so far ends at the client (ms since the epoch). */
  private playhead = 0;
  private timers = new Set<NodeJS.Timeout>();
  private pending = new Set<() => void>();

  constructor(
    private readonly ws: BinarySocket,
    readonly sampleRate: number,
    private readonly onClear: () => void,
    private readonly now: () => number = Date.now,
  ) {}

  write(frame: AudioFrame): void {
    const now = this.now();
    if (this.playhead < now) this.playhead = now;
    this.playhead += (frame.samplesPerChannel / frame.sampleRate) * 1000;
    if (this.ws.readyState !== this.ws.OPEN) return;
    const data = frame.data;
    const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    const step = Math.max(2, Math.round((frame.sampleRate * outputFrameMs) / 1000) * 2);
    for (let at = 0; at < bytes.length; at += step) this.ws.send(bytes.subarray(at, at + step));
  }

  endSegment(played: () => void): void {
    const wait = Math.max(0, this.playhead - this.now()) + playoutMarginMs;
    this.pending.add(played);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.pending.delete(played);
      played();
    }, wait);
    this.timers.add(timer);
  }

  clear(): void {
    // The output reports the cleared segment itself (interrupted); its timers are dropped.
    this.cancel();
    this.playhead = 0;
    this.onClear();
  }

  /** The socket is gone: whatever was waiting counts as played now. */
  drop(): void {
    const waiting = [...this.pending];
    this.cancel();
    for (const played of waiting) played();
  }

  private cancel() {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.pending.clear();
  }
}
