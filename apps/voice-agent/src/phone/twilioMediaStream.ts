import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { log } from '@livekit/agents';
import { AudioFrame, AudioResampler } from '@livekit/rtc-node';
import { mulaw } from './mulaw';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  callTokenReasons,
  pickCallToken,
  verifyCallToken,
  type CallToken,
} from '@parley/api-client/call-token';
import { PushAudioInput, SinkAudioOutput, type AudioSink } from '../audioIo';

/** Twilio Media Streams audio: μ-law, 8 kHz, mono. */
export const PHONE_SAMPLE_RATE = 8000;
/** What the agent pipeline hears (Silero VAD and the transcribers work at 16 kHz). */
export const CALLER_SAMPLE_RATE = 16000;
export const PHONE_STREAM_PATH = '/phone/stream';

/** Twilio's messages (https://www.twilio.com/docs/voice/media-streams/websocket-messages). */
export type TwilioInbound =
  | { event: 'connected'; protocol?: string; version?: string }
  | {
      event: 'start';
      streamSid: string;
      start: {
        streamSid?: string;
        callSid: string;
        accountSid?: string;
        customParameters?: Record<string, string>;
        mediaFormat?: { encoding: string; sampleRate: number; channels: number };
      };
    }
  | { event: 'media'; streamSid?: string; media: { payload: string; track?: string } }
  | { event: 'mark'; streamSid?: string; mark: { name: string } }
  | { event: 'dtmf'; streamSid?: string; dtmf: { digit: string } }
  | { event: 'stop'; streamSid?: string };

export interface PhoneCallInfo {
  /** The phone stream token (verified here; the server redeems it once when the call starts). */
  callToken: CallToken;
  agentId: string;
  organizationId: string;
  from: string;
  to: string;
  callSid: string;
  streamSid: string;
  /**
   * Why the agent calls (a call it placed: the scheduled event's message template, the stream's
   * `purpose` parameter), or null (an inbound call).
   */
  purpose: string | null;
}

/** What a verified stream is handed: the call's facts and its audio, ready for an AgentSession. */
export interface PhoneCallHandler {
  (
    info: PhoneCallInfo,
    io: { input: PushAudioInput; output: SinkAudioOutput },
    hangUp: () => void,
  ): Promise<{ end(endedBy: 'caller' | 'error', reason: string): Promise<void> }>;
}

/** The agent's audio back to Twilio: μ-law `media` frames, a `mark` per segment, `clear` on interruption. */
export class TwilioSink implements AudioSink {
  readonly sampleRate = PHONE_SAMPLE_RATE;
  private marks = new Map<string, () => void>();
  private seq = 0;

  constructor(
    private readonly ws: WebSocket,
    private readonly streamSid: string,
  ) {}

  private send(message: object) {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(JSON.stringify(message));
  }

  write(frame: AudioFrame) {
    const payload = Buffer.from(mulaw.encode(frame.data)).toString('base64');
    this.send({ event: 'media', streamSid: this.streamSid, media: { payload } });
  }

  endSegment(played: () => void) {
    const name = `parley-${++this.seq}`;
    this.marks.set(name, played);
    this.send({ event: 'mark', streamSid: this.streamSid, mark: { name } });
  }

  clear() {
    this.send({ event: 'clear', streamSid: this.streamSid });
    // Twilio echoes the marks of cleared audio at once; the output ignores stale ones.
  }

  /** Twilio played the audio up to this mark. */
  marked(name: string) {
    const played = this.marks.get(name);
    this.marks.delete(name);
    played?.();
  }

  /** The stream is gone: nothing will be played any more. */
  drop() {
    for (const played of this.marks.values()) played();
    this.marks.clear();
  }
}

/** Caller audio from Twilio: base64 μ-law 8 kHz → 16-bit PCM frames at 16 kHz. */
export function decodeTwilioMedia(payload: string, resampler: AudioResampler): AudioFrame[] {
  const samples = mulaw.decode(new Uint8Array(Buffer.from(payload, 'base64')));
  if (samples.length === 0) return [];
  return resampler.push(new AudioFrame(samples, PHONE_SAMPLE_RATE, 1, samples.length));
}

/** One Twilio media stream: verifies the start, then bridges audio both ways. */
export function handleTwilioSocket(ws: WebSocket, secret: string, onCall: PhoneCallHandler) {
  const logger = log().child({ transport: 'phone' });
  let sink: TwilioSink | null = null;
  let input: PushAudioInput | null = null;
  let output: SinkAudioOutput | null = null;
  let resampler: AudioResampler | null = null;
  let call: Awaited<ReturnType<PhoneCallHandler>> | null = null;
  let starting: Promise<void> | null = null;
  let over = false;

  const finish = async (endedBy: 'caller' | 'error', reason: string) => {
    if (over) return;
    over = true;
    await starting?.catch(() => undefined);
    sink?.drop();
    await call?.end(endedBy, reason);
    output?.close();
    await input?.close();
    resampler?.close();
    if (ws.readyState === ws.OPEN) ws.close(1000, 'call ended');
  };

  ws.on('message', (data) => {
    let message: TwilioInbound;
    try {
      message = JSON.parse(data.toString()) as TwilioInbound;
    } catch {
      return;
    }
    switch (message.event) {
      case 'start': {
        if (starting) return;
        const p = message.start.customParameters ?? {};
        const callSid = message.start.callSid || p.call_sid || '';
        const agentId = p.agent_id ?? '';
        // The phone stream token: signed by the server over the call, unexpired, for this call.
        const verdict = verifyCallToken(secret, pickCallToken(p));
        const refusal = !verdict.ok
          ? `the token ${callTokenReasons[verdict.reason]}`
          : verdict.claims.transport !== 'phone' || verdict.claims.call_sid !== callSid
            ? 'the token is for another call'
            : null;
        if (!verdict.ok || refusal) {
          logger.warn({ agentId, callSid }, `phone stream refused: ${refusal}`);
          over = true;
          ws.close(1008, 'invalid stream token');
          return;
        }
        const callToken = verdict.claims;
        const streamSid = message.streamSid || message.start.streamSid || '';
        sink = new TwilioSink(ws, streamSid);
        input = new PushAudioInput();
        output = new SinkAudioOutput(sink);
        resampler = new AudioResampler(PHONE_SAMPLE_RATE, CALLER_SAMPLE_RATE, 1);
        const io = { input, output };
        starting = onCall(
          {
            callToken,
            agentId: callToken.agent_id,
            organizationId: callToken.organization_id,
            from: callToken.from,
            to: callToken.to,
            callSid,
            streamSid,
            purpose: p.purpose?.trim() || null,
          },
          io,
          () => {
            if (ws.readyState === ws.OPEN) ws.close(1000, 'call ended');
          },
        ).then(
          (c) => {
            call = c;
          },
          (err: unknown) => {
            logger.error({ err, agentId }, 'phone call could not start');
            void finish('error', String((err as Error).message ?? err));
          },
        );
        return;
      }
      case 'media':
        if (input && resampler && !over && (message.media.track ?? 'inbound') === 'inbound')
          for (const frame of decodeTwilioMedia(message.media.payload, resampler))
            input.push(frame);
        return;
      case 'mark':
        sink?.marked(message.mark.name);
        return;
      case 'stop':
        void finish('caller', 'caller hung up');
        return;
      default:
        return;
    }
  });
  ws.on('close', () => void finish('caller', 'media stream closed'));
  ws.on('error', (err) => {
    logger.warn({ err }, 'phone stream error');
    void finish('error', `media stream error: ${err.message}`);
  });
}

/** The worker's phone endpoint: an HTTP server with the Media Streams WebSocket at /phone/stream. */
export async function startPhoneStreamServer(options: {
  port: number;
  host?: string;
  secret: string;
  onCall: PhoneCallHandler;
}): Promise<{ server: Server; port: number; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    res.writeHead(req.url === '/healthz' ? 200 : 404, { 'Content-Type': 'text/plain' });
    res.end(req.url === '/healthz' ? 'ok' : 'not found');
  });
  const wss = new WebSocketServer({ server, path: PHONE_STREAM_PATH });
  wss.on('connection', (ws) => handleTwilioSocket(ws, options.secret, options.onCall));
  await new Promise<void>((resolve) => server.listen(options.port, options.host, resolve));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
