import { stream, voice } from '@livekit/agents';
import { AudioFrame, AudioResampler } from '@livekit/rtc-node';

/** Caller audio pushed in by a transport (phone media stream, tests). */
export class PushAudioInput extends voice.AudioInput {
  private readonly channel = stream.createStreamChannel<AudioFrame>();
  private closed = false;

  constructor() {
    super();
    this.multiStream.addInputStream(this.channel.stream());
  }

  push(frame: AudioFrame): void {
    if (!this.closed) void this.channel.write(frame);
  }

  override async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.channel.close();
    await super.close();
  }
}

/** Where agent audio goes: frames at `sampleRate`, then a segment end it acknowledges once played. */
export interface AudioSink {
  readonly sampleRate: number;
  write(frame: AudioFrame): void | Promise<void>;
  /** The segment is complete; call `played` once the far end has played it (a Twilio mark). */
  endSegment(played: () => void): void;
  /** Drop what is buffered (the caller interrupted). */
  clear(): void;
}

/**
 * The agent's audio output over any sink: resamples to the sink's rate, reports playback start
 * and end to the framework (end = the sink's acknowledgement, or clear on interruption), and
 * plays a soft thinking sound in the gaps when asked to.
 */
export class SinkAudioOutput extends voice.AudioOutput {
  private resampler: AudioResampler | null = null;
  private pushedMs = 0;
  private segmentStartedAt = 0;
  private segment = 0;
  private thinking: { timer: NodeJS.Timeout; frames: Iterator<AudioFrame> } | null = null;

  constructor(private readonly sink: AudioSink) {
    super(undefined, undefined, { pause: false });
  }

  override async captureFrame(frame: AudioFrame): Promise<void> {
    this.stopThinking();
    await super.captureFrame(frame);
    if (this.pushedMs === 0) {
      this.segmentStartedAt = Date.now();
      this.onPlaybackStarted(this.segmentStartedAt);
    }
    this.pushedMs += (frame.samplesPerChannel / frame.sampleRate) * 1000;
    for (const out of this.resample(frame)) await this.sink.write(out);
  }

  private resample(frame: AudioFrame): AudioFrame[] {
    if (frame.sampleRate === this.sink.sampleRate) return [frame];
    if (!this.resampler || this.resampler.inputRate !== frame.sampleRate) {
      this.resampler?.close();
      this.resampler = new AudioResampler(frame.sampleRate, this.sink.sampleRate, 1);
    }
    return this.resampler.push(frame);
  }

  override flush(): void {
    super.flush();
    if (this.pushedMs === 0) return;
    if (this.resampler) for (const out of this.resampler.flush()) void this.sink.write(out);
    const segment = ++this.segment;
    const pushed = this.pushedMs;
    this.sink.endSegment(() => {
      if (segment !== this.segment || this.pushedMs === 0) return;
      this.finish(pushed, false);
    });
  }

  override clearBuffer(): void {
    this.sink.clear();
    if (this.pushedMs === 0) return;
    this.segment++;
    const played = Math.min(Date.now() - this.segmentStartedAt, this.pushedMs);
    this.finish(played, true);
  }

  private finish(playedMs: number, interrupted: boolean) {
    this.pushedMs = 0;
    this.onPlaybackFinished({ playbackPosition: playedMs / 1000, interrupted });
  }

  /** A soft sound while the model works (frames from `source`, already at the right volume). */
  startThinking(source: Iterable<AudioFrame>): void {
    if (this.thinking || this.pushedMs > 0) return;
    const frames = source[Symbol.iterator]();
    const timer = setInterval(() => {
      const next = frames.next();
      if (next.done) return this.stopThinking();
      for (const out of this.resample(next.value)) void this.sink.write(out);
    }, 20);
    this.thinking = { timer, frames };
  }

  stopThinking(): void {
    if (!this.thinking) return;
    clearInterval(this.thinking.timer);
    this.thinking = null;
  }

  close(): void {
    this.stopThinking();
    this.resampler?.close();
    this.resampler = null;
  }
}
