import { log, voice, type TimedString } from '@livekit/agents';
import { AudioFrame, AudioResampler } from '@livekit/rtc-node';
import type { WebSocket, RawData } from 'ws';
import {
  voiceStreamClientMessageSchema,
  voiceStreamCloseCodes,
  voiceStreamLimits,
  voiceStreamStartSchema,
  type VoiceStreamServerMessage,
  type VoiceStreamState,
} from '@parley/api-client';
import type { CallToken } from '@parley/api-client/call-token';
import { PushAudioInput, SinkAudioOutput } from '../audioIo';
import type { Call } from '../callSession';
import type { EndedBy } from '../callBehaviour';
import { WebSocketSink } from './webSocketSink';

/** What the call pipeline hears (Silero VAD and the transcribers work at 16 kHz). */
export const PIPELINE_SAMPLE_RATE = 16000;

export interface WebSocketCallIo {
  input: PushAudioInput;
  output: SinkAudioOutput;
  transcription: StreamTextOutput;
}

/** Starts the call session on the socket's audio (callSession.startCall with `io`). */
export type WebSocketCallHandler = (
  info: { callToken: CallToken; sampleRate: number },
  io: WebSocketCallIo,
) => Promise<Pick<Call, 'session' | 'end' | 'ended'>>;

export interface WebSocketCallLimits {
  startTimeoutMs: number;
  idleMs: number;
  maxCallSeconds: number;
}

/**
 * The agent's words as they are made: the whole line so far, then the line complete. (The
 * framework exports no bare TextOutput; its fan-out output with no sinks is one.)
 */
export class StreamTextOutput extends voice.ParalellTextOutput {
  private text = '';
  constructor(private readonly onText: (text: string, final: boolean) => void) {
    super([]);
  }
  override async captureText(chunk: string | TimedString): Promise<void> {
    this.text += typeof chunk === 'string' ? chunk : chunk.text;
    if (this.text.trim()) this.onText(this.text.trim(), false);
  }
  override flush(): void {
    const text = this.text.trim();
    this.text = '';
    if (text) this.onText(text, true);
  }
}

const shownStates = new Set<string>(['listening', 'thinking', 'speaking']);

/** 16-bit little-endian mono samples of a binary frame (copied: the buffer may be unaligned). */
export function pcmSamples(data: Buffer): Int16Array {
  const samples = new Int16Array(data.length / 2);
  for (let i = 0; i < samples.length; i++) samples[i] = data.readInt16LE(i * 2);
  return samples;
}

/**
 * One WebSocket call (docs/voice-worker.md, "WebSocket calls"): waits for the start frame, then
 * bridges the caller's PCM frames into the call session and its voice, transcripts and states
 * back. The token was checked before the socket got here; the session redeems it (once).
 * Bounded: a start within `startTimeoutMs`, a frame at least every `idleMs`, a call of at most
 * `maxCallSeconds` (the frame size is the socket server's `maxPayload`).
 */
export function handleWebSocketCall(
  ws: WebSocket,
  callToken: CallToken,
  onCall: WebSocketCallHandler,
  limits: WebSocketCallLimits = voiceStreamLimits,
): { done: Promise<void> } {
  const logger = log().child({ transport: 'websocket', agent: callToken.agent_id });
  let input: PushAudioInput | null = null;
  let output: SinkAudioOutput | null = null;
  let sink: WebSocketSink | null = null;
  let resampler: AudioResampler | null = null;
  let rate = 0;
  let call: Awaited<ReturnType<WebSocketCallHandler>> | null = null;
  let starting: Promise<void> | null = null;
  let over = false;
  let endSent = false;
  let lastState: VoiceStreamState | null = null;
  let resolveDone!: () => void;
  const done = new Promise<void>((resolve) => (resolveDone = resolve));

  const send = (message: VoiceStreamServerMessage) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  };
  const sendState = (value: VoiceStreamState) => {
    if (value === lastState) return;
    lastState = value;
    send({ type: 'state', value });
  };
  const hangUp = (reason: string, code = 1000) => {
    if (!endSent) send({ type: 'end', reason });
    endSent = true;
    // The reason is the end frame's; the close frame's (at most 123 bytes) only names the kind.
    if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING)
      ws.close(code, code === 1000 ? 'call ended' : 'refused');
  };

  const timers = {
    idle: null as NodeJS.Timeout | null,
    limit: null as NodeJS.Timeout | null,
  };
  const touch = () => {
    if (timers.idle) clearTimeout(timers.idle);
    if (over) return;
    const ms = input ? limits.idleMs : limits.startTimeoutMs;
    timers.idle = setTimeout(
      () =>
        input
          ? void finish('caller', `no audio from the caller for ${Math.round(ms / 1000)} s`)
          : refuse(voiceStreamCloseCodes.policy, 'no start frame in time'),
      ms,
    );
  };

  /** Ends the call (if any) and hangs up; the first end wins. */
  async function finish(endedBy: EndedBy, reason: string, code = 1000) {
    if (over) return;
    over = true;
    for (const t of Object.values(timers)) if (t) clearTimeout(t);
    await starting?.catch(() => undefined);
    sink?.drop();
    // The call's end sends the end frame with the reason the call log records.
    if (call) await call.end(endedBy, reason);
    output?.close();
    await input?.close();
    resampler?.close();
    hangUp(reason, code);
    resolveDone();
  }
  /** A protocol error: said in an end frame, then the socket closes with `code`. */
  const refuse = (code: number, reason: string) => {
    logger.warn({ code }, `websocket call refused: ${reason}`);
    void finish('error', reason, code);
  };

  function begin(sampleRate: number) {
    rate = sampleRate;
    sink = new WebSocketSink(ws, sampleRate, () => sendState('listening'));
    input = new PushAudioInput();
    output = new SinkAudioOutput(sink);
    if (sampleRate !== PIPELINE_SAMPLE_RATE)
      resampler = new AudioResampler(sampleRate, PIPELINE_SAMPLE_RATE, 1);
    const transcription = new StreamTextOutput((text, final) =>
      send({ type: 'transcript', role: 'agent', text, final }),
    );
    timers.limit = setTimeout(
      () => void finish('max_duration', `the call reached ${limits.maxCallSeconds} s`),
      (limits.maxCallSeconds + 30) * 1000,
    );
    starting = onCall({ callToken, sampleRate }, { input, output, transcription }).then(
      (started) => {
        call = started;
        const { session } = started;
        session.on(voice.AgentSessionEventTypes.UserInputTranscribed, (ev) => {
          if (ev.transcript.trim())
            send({
              type: 'transcript',
              role: 'user',
              text: ev.transcript.trim(),
              final: ev.isFinal,
            });
        });
        session.on(voice.AgentSessionEventTypes.AgentStateChanged, (ev) => {
          if (shownStates.has(ev.newState)) sendState(ev.newState as VoiceStreamState);
        });
        void started.ended.then(({ reason }) => void finish('caller', reason));
      },
      (err: unknown) => {
        const message = String((err as Error)?.message ?? err);
        logger.error({ err }, 'websocket call could not start');
        const used = /already been used|expired|signature/.test(message);
        void finish(
          'error',
          used
            ? 'This call link is no longer valid: ask for a new one.'
            : 'The call could not start.',
          used ? voiceStreamCloseCodes.policy : voiceStreamCloseCodes.tryAgain,
        );
      },
    );
  }

  function onText(data: Buffer) {
    let message: unknown;
    try {
      message = JSON.parse(data.toString('utf8'));
    } catch {
      return refuse(voiceStreamCloseCodes.invalidData, 'a text frame must be JSON');
    }
    const typed = voiceStreamClientMessageSchema.safeParse(message);
    if (!typed.success)
      return refuse(
        voiceStreamCloseCodes.invalidData,
        'a text frame must be a JSON object with a type',
      );
    if (typed.data.type === 'end') return void finish('caller', 'caller hung up');
    if (typed.data.type !== 'start' || input) return;
    const start = voiceStreamStartSchema.safeParse(message);
    if (!start.success)
      return refuse(
        voiceStreamCloseCodes.invalidData,
        start.error.issues[0]?.message ?? 'a bad start frame',
      );
    begin(start.data.sample_rate);
  }

  function onAudio(data: Buffer) {
    if (!input) return refuse(voiceStreamCloseCodes.policy, 'send the start frame before audio');
    if (data.length % 2)
      return refuse(
        voiceStreamCloseCodes.invalidData,
        'audio frames are 16-bit samples: an even number of bytes',
      );
    if (data.length === 0) return;
    const samples = pcmSamples(data);
    const frame = new AudioFrame(samples, rate, 1, samples.length);
    for (const f of resampler ? resampler.push(frame) : [frame]) input.push(f);
  }

  touch();
  ws.on('message', (data: RawData, isBinary: boolean) => {
    if (over) return;
    touch();
    const buffer = Array.isArray(data)
      ? Buffer.concat(data)
      : Buffer.isBuffer(data)
        ? data
        : Buffer.from(data);
    if (isBinary) onAudio(buffer);
    else onText(buffer);
  });
  ws.on('close', () => void finish('caller', 'caller hung up'));
  ws.on('error', (err) => {
    logger.warn({ err }, 'websocket call error');
    // A frame over maxPayload: ws closes with 1009 itself.
    void finish('error', `socket error: ${err.message}`);
  });
  return { done };
}
