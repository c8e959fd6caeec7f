import { AudioByteStream, shortuuid, tts, type APIConnectOptions } from '@livekit/agents';
import type { AudioFrame } from '@livekit/rtc-node';
import { parseWav, run } from './subprocess';

/** espeak-ng writes 22 050 Hz mono. */
export const ESPEAK_SAMPLE_RATE = 22050;
const WORDS_PER_MINUTE = 175;

export interface EspeakOptions {
  /** An espeak-ng voice ('en-us', 'en-gb', 'de', …). */
  voice: string;
  /** 1 = espeak-ng's normal 175 words per minute. */
  speed: number;
  binary: string;
}

export const defaultEspeakOptions: EspeakOptions = {
  voice: 'en-us',
  speed: 1,
  binary: 'espeak-ng',
};

/** The espeak-ng arguments for a text (exported for tests). */
export function espeakArgs(opts: EspeakOptions, text: string): string[] {
  const wpm = Math.round(Math.min(450, Math.max(80, WORDS_PER_MINUTE * opts.speed)));
  return ['-v', opts.voice, '-s', String(wpm), '--stdout', '--', text];
}

/**
 * The keyless voice: Debian's espeak-ng as a subprocess behind the framework's TTS class
 * (non-streaming; the session splits the answer into sentences).
 */
export class EspeakTTS extends tts.TTS {
  label = 'local.EspeakTTS';
  readonly opts: EspeakOptions;

  constructor(opts: Partial<EspeakOptions> = {}) {
    super(ESPEAK_SAMPLE_RATE, 1, { streaming: false });
    this.opts = { ...defaultEspeakOptions, ...opts };
  }

  override get model(): string {
    return `espeak-ng:${this.opts.voice}`;
  }
  override get provider(): string {
    return 'local';
  }

  /** The whole text as 16-bit PCM at 22 050 Hz (also used for test speech). */
  async pcm(text: string, signal?: AbortSignal): Promise<Buffer> {
    const wav = await run(this.opts.binary, espeakArgs(this.opts, text), null, signal);
    return parseWav(wav).pcm;
  }

  synthesize(text: string, connOptions?: APIConnectOptions, abortSignal?: AbortSignal) {
    return new EspeakChunkedStream(this, text, connOptions, abortSignal);
  }

  stream(): tts.SynthesizeStream {
    throw new Error('espeak-ng synthesizes whole sentences (no streaming)');
  }
}

class EspeakChunkedStream extends tts.ChunkedStream {
  label = 'local.EspeakChunkedStream';
  constructor(
    private readonly engine: EspeakTTS,
    text: string,
    connOptions?: APIConnectOptions,
    abortSignal?: AbortSignal,
  ) {
    super(text, engine, connOptions, abortSignal);
  }

  protected async run() {
    try {
      const text = this.inputText.trim();
      if (!text) return;
      const pcm = await this.engine.pcm(text, this.abortSignal);
      const requestId = shortuuid();
      const bytes = new AudioByteStream(ESPEAK_SAMPLE_RATE, 1);
      const frames: AudioFrame[] = [
        ...bytes.write(
          pcm.buffer.slice(pcm.byteOffset, pcm.byteOffset + pcm.byteLength) as ArrayBuffer,
        ),
        ...bytes.flush(),
      ];
      frames.forEach((frame, i) =>
        this.queue.put({ requestId, segmentId: requestId, frame, final: i === frames.length - 1 }),
      );
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') return;
      throw error;
    } finally {
      this.queue.close();
    }
  }
}
