import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shortuuid, stt, type AudioBuffer } from '@livekit/agents';
import { framesToPcm } from './audio';
import { run } from './subprocess';

export const POCKETSPHINX_SAMPLE_RATE = 16000;

export interface PocketsphinxOptions {
  /** The language the caller speaks; Debian ships the en-US model only. */
  language: string;
  /**
   * A JSGF grammar (its text): recognition is then limited to its phrases — exact for menus and
   * deterministic in tests. Without it the en-US language model transcribes free speech (roughly).
   */
  jsgf?: string;
  binary: string;
}

export const defaultPocketsphinxOptions: PocketsphinxOptions = {
  language: 'en-US',
  binary: 'pocketsphinx_continuous',
};

/** A JSGF grammar of whole phrases (what a caller may say). */
export function phraseGrammar(phrases: string[]): string {
  const clean = phrases
    .map((p) =>
      p
        .toLowerCase()
        .replace(/[^a-z' ]+/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean);
  return `#JSGF V1.0;\ngrammar parley;\npublic <utterance> = ${clean.join(' | ')};\n`;
}

/**
 * The keyless transcriber: Debian's pocketsphinx as a subprocess behind the framework's STT class.
 * Non-streaming: the session puts Silero VAD in front of it and hands over each utterance.
 */
export class PocketsphinxSTT extends stt.STT {
  label = 'local.PocketsphinxSTT';
  readonly opts: PocketsphinxOptions;
  private grammarFile: Promise<string> | null = null;

  constructor(opts: Partial<PocketsphinxOptions> = {}) {
    super({ streaming: false, interimResults: false, alignedTranscript: false });
    this.opts = { ...defaultPocketsphinxOptions, ...opts };
  }

  override get model(): string {
    return this.opts.jsgf ? 'pocketsphinx:jsgf' : 'pocketsphinx:en-us';
  }
  override get provider(): string {
    return 'local';
  }

  private async args(): Promise<string[]> {
    const args = ['-samprate', String(POCKETSPHINX_SAMPLE_RATE), '-logfn', '/dev/null'];
    if (this.opts.jsgf) {
      this.grammarFile ??= (async () => {
        const dir = await mkdtemp(join(tmpdir(), 'parley-jsgf-'));
        const file = join(dir, 'grammar.jsgf');
        await writeFile(file, this.opts.jsgf!);
        return file;
      })();
      // Wide beams: a grammar's search is small, and telephone audio (8 kHz, μ-law) needs them.
      args.push(
        '-jsgf',
        await this.grammarFile,
        '-beam',
        '1e-80',
        '-pbeam',
        '1e-80',
        '-wbeam',
        '1e-60',
      );
    }
    return args;
  }

  /** Text of 16 kHz 16-bit mono PCM. */
  async transcribePcm(pcm: Buffer, signal?: AbortSignal): Promise<string> {
    // Node's child pipes are sockets, which pocketsphinx cannot open as -infile: use a file.
    const dir = await mkdtemp(join(tmpdir(), 'parley-stt-'));
    const file = join(dir, 'utterance.raw');
    let out: Buffer;
    try {
      await writeFile(file, pcm);
      out = await run(this.opts.binary, ['-infile', file, ...(await this.args())], null, signal);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    return out
      .toString('utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !/^(INFO|WARN|ERROR|READY|Listening)/.test(l))
      .join(' ')
      .trim();
  }

  protected async _recognize(
    buffer: AudioBuffer,
    abortSignal?: AbortSignal,
  ): Promise<stt.SpeechEvent> {
    const text = await this.transcribePcm(
      framesToPcm(buffer, POCKETSPHINX_SAMPLE_RATE),
      abortSignal,
    );
    return {
      type: stt.SpeechEventType.FINAL_TRANSCRIPT,
      requestId: shortuuid(),
      alternatives: [
        {
          language: this.opts.language as never,
          text,
          startTime: 0,
          endTime: 0,
          confidence: text ? 1 : 0,
        },
      ],
    };
  }

  stream(): stt.SpeechStream {
    throw new Error('pocketsphinx transcribes whole utterances (the session adds a VAD)');
  }
}
