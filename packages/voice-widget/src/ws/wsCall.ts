import type { VoiceStreamServerMessage, VoiceStreamState } from '@parley/api-client';
import { Playback, STREAM_RATE, startCapture } from './audio';
import { applyTranscript, type StreamLine } from './streamTranscript';

export interface WsCallOptions {
  /** The stream URL from /voice/tokens/generate (`transport: 'websocket'`). */
  url: string;
  /** The caller's microphone (permission granted); stopped when the call ends. */
  microphone: MediaStreamTrack;
  /** Where captureWorklet.js is served (the widget's voice-worklet.js). */
  workletUrl: string;
  /** The agent's state: listening, thinking, speaking. */
  onState: (state: VoiceStreamState) => void;
  /** The running transcript, oldest first. */
  onTranscript: (lines: StreamLine[]) => void;
  /** The call is over (the caller ended it, the agent hung up, or the connection dropped). */
  onEnded: (reason: string | null) => void;
}

export interface WsCall {
  end(): void;
}

/** Thrown when the stream cannot be opened (the caller is told 'Failed to connect to agent'). */
export const connectFailed = 'Failed to connect to agent';

/**
 * A voice call over the server's own WebSocket stream (docs/voice-worker.md, "WebSocket calls"):
 * the microphone at 16 kHz in 20 ms PCM16 frames up, the agent's voice down into a playback
 * queue (dropped when the agent stops speaking: barge-in), transcripts and states to the UI.
 * Resolves once the call is connected and the microphone streams.
 */
export async function startWsCall(o: WsCallOptions): Promise<WsCall> {
  const context = new AudioContext();
  void context.resume();
  const ws = new WebSocket(o.url);
  ws.binaryType = 'arraybuffer';
  const playback = new Playback(context);
  let lines: StreamLine[] = [];
  let reason: string | null = null;
  let stopCapture: (() => void) | null = null;
  let over = false;
  const finish = () => {
    if (over) return;
    over = true;
    stopCapture?.();
    playback.flush();
    void context.close();
    o.microphone.stop();
    if (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING) ws.close(1000);
    o.onEnded(reason);
  };
  ws.onmessage = (e: MessageEvent<ArrayBuffer | string>) => {
    if (typeof e.data !== 'string') return playback.push(e.data);
    const m = JSON.parse(e.data) as VoiceStreamServerMessage;
    if (m.type === 'transcript') o.onTranscript((lines = applyTranscript(lines, m)));
    else if (m.type === 'state') {
      // Not speaking (any more): what is still queued is not to be heard (the caller spoke over it).
      if (m.value !== 'speaking') playback.flush();
      o.onState(m.value);
    } else if (m.type === 'end') reason = m.reason;
  };
  try {
    await Promise.all([
      new Promise<void>((resolve, reject) => {
        ws.onopen = () => resolve();
        ws.onclose = () => reject(new Error(connectFailed));
      }),
      context.audioWorklet.addModule(o.workletUrl),
    ]);
    ws.send(JSON.stringify({ type: 'start', sample_rate: STREAM_RATE }));
    stopCapture = startCapture(context, o.microphone, (frame) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(frame);
    });
  } catch (error) {
    over = true;
    ws.onclose = null;
    ws.close();
    void context.close();
    throw error;
  }
  ws.onclose = finish;
  return {
    end: () => {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'end' }));
      finish();
    },
  };
}
