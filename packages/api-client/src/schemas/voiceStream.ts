import { z } from 'zod';

/**
 * The WebSocket call stream (`GET /voice/stream?token=…`, upgraded): the server's own voice
 * transport when LiveKit is not configured (docs/voice-worker.md, "WebSocket calls").
 *
 * Client → server: `{"type":"start","sample_rate":16000}` first, then binary frames of PCM16LE
 * mono audio at that rate (any length up to `voiceStreamLimits.maxFrameBytes`); `{"type":"end"}`
 * hangs up. Server → client: JSON text frames (transcript, state, end) and binary PCM16LE mono
 * frames of the agent's voice at the client's rate.
 */
export const voiceStreamPath = '/voice/stream';

export const voiceStreamLimits = {
  /** A frame (text or binary) larger than this closes the socket (1009). */
  maxFrameBytes: 64 * 1024,
  /** The start frame must arrive this soon after the socket opens. */
  startTimeoutMs: 10_000,
  /** A socket that sends nothing for this long is hung up (a call streams audio all along). */
  idleMs: 30_000,
  /** The longest call on this transport (the agent's max_call_duration when shorter). */
  maxCallSeconds: 15 * 60,
  /** How long the token's URL is accepted after it was issued. */
  tokenTtlSeconds: 60,
  /** Sample rates a client may stream at (the server resamples to what it needs). */
  minSampleRate: 8000,
  maxSampleRate: 48000,
} as const;

/** Close codes the server uses besides 1000 (normal end; an `end` frame says why). */
export const voiceStreamCloseCodes = {
  /** A text frame that is not JSON, a bad start, or binary audio of an odd length. */
  invalidData: 1007,
  /** Audio before the start frame, an invalid or used token. */
  policy: 1008,
  /** A frame over `maxFrameBytes`. */
  tooBig: 1009,
  /** The server could not take the call (no capacity, the worker failed). */
  tryAgain: 1013,
} as const;

export const voiceStreamStartSchema = z.object({
  type: z.literal('start'),
  sample_rate: z
    .number({ error: 'sample_rate must be a number' })
    .int('sample_rate must be a whole number of Hz')
    .min(voiceStreamLimits.minSampleRate, 'sample_rate must be at least 8000')
    .max(voiceStreamLimits.maxSampleRate, 'sample_rate must be at most 48000'),
});
export type VoiceStreamStart = z.infer<typeof voiceStreamStartSchema>;

/** A text frame from the client: start, end, or another type (ignored: later versions may add some). */
export const voiceStreamClientMessageSchema = z.looseObject({
  type: z.string({ error: 'type must be a string' }).max(32),
});

export type VoiceStreamRole = 'user' | 'agent';
export type VoiceStreamState = 'listening' | 'thinking' | 'speaking';

/**
 * What the server sends as text. A transcript's `text` is the whole line so far: a later
 * transcript of the same role replaces the last line of that role until one is `final`.
 * A state other than `speaking` tells the client to drop agent audio it still has queued (the
 * caller spoke over the agent: barge-in).
 */
export type VoiceStreamServerMessage =
  | { type: 'transcript'; role: VoiceStreamRole; text: string; final: boolean }
  | { type: 'state'; value: VoiceStreamState }
  | { type: 'end'; reason: string };
