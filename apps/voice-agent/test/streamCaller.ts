import { WebSocket } from 'ws';
import type { VoiceStreamServerMessage } from '@parley/api-client';

/** What arrived on a caller's socket, in order, with when (ms since the epoch). */
export type Arrival =
  | { at: number; kind: 'audio'; bytes: number }
  | { at: number; kind: 'message'; message: VoiceStreamServerMessage };

/**
 * A WebSocket caller as a browser is one (docs/voice-worker.md, "WebSocket calls"): opens the
 * stream URL, says start, sends PCM16LE frames, and keeps everything the server sends.
 */
export class StreamCaller {
  readonly arrivals: Arrival[] = [];
  closed: { code: number; reason: string } | null = null;
  /** The HTTP status when the server refused the upgrade. */
  refused: number | null = null;
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      const at = Date.now();
      if (isBinary) this.arrivals.push({ at, kind: 'audio', bytes: (data as Buffer).length });
      else
        this.arrivals.push({
          at,
          kind: 'message',
          message: JSON.parse(data.toString()) as VoiceStreamServerMessage,
        });
    });
    ws.on('close', (code, reason) => (this.closed = { code, reason: reason.toString() }));
    ws.on('unexpected-response', (_req, res) => {
      this.refused = res.statusCode ?? 0;
      this.closed = { code: 0, reason: `HTTP ${res.statusCode}` };
      ws.terminate();
    });
    ws.on('error', () => undefined);
  }

  /** Connects; resolves once open (or refused: `refused` says the HTTP status). */
  static async connect(url: string): Promise<StreamCaller> {
    const caller = new StreamCaller(new WebSocket(url));
    await new Promise<void>((resolve) => {
      caller.ws.once('open', () => resolve());
      caller.ws.once('close', () => resolve());
      caller.ws.once('unexpected-response', () => resolve());
    });
    return caller;
  }

  start(sampleRate = 16000) {
    this.ws.send(JSON.stringify({ type: 'start', sample_rate: sampleRate }));
  }

  send(data: Buffer | string) {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(data);
  }

  /** Frames one after another, `everyMs` apart (0: all at once). */
  async stream(frames: Buffer[], everyMs = 0) {
    for (const frame of frames) {
      this.send(frame);
      if (everyMs) await new Promise((r) => setTimeout(r, everyMs));
    }
  }

  hangUp() {
    this.send(JSON.stringify({ type: 'end' }));
  }

  get messages(): VoiceStreamServerMessage[] {
    return this.arrivals.flatMap((a) => (a.kind === 'message' ? [a.message] : []));
  }

  /** The final transcripts of a role, in order. */
  finals(role: 'user' | 'agent'): string[] {
    return this.messages.flatMap((m) =>
      m.type === 'transcript' && m.role === role && m.final ? [m.text] : [],
    );
  }

  states(): string[] {
    return this.messages.flatMap((m) => (m.type === 'state' ? [m.value] : []));
  }

  /** Seconds of agent audio received (PCM16 mono at `rate`), after arrival `from`. */
  audioSeconds(rate = 16000, from = 0): number {
    return (
      this.arrivals.slice(from).reduce((n, a) => n + (a.kind === 'audio' ? a.bytes : 0), 0) /
      2 /
      rate
    );
  }

  end(): VoiceStreamServerMessage | undefined {
    return this.messages.find((m) => m.type === 'end');
  }
}
