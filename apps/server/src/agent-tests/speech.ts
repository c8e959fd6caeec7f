import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { speechToolsMissingMessage } from '@parley/api-client';

/**
 * The local speech pipeline of a voice test run: a line is spoken with Debian's espeak-ng and
 * transcribed with pocketsphinx (both subprocesses, no key, as the voice worker's offline voice).
 * The transcriber is given the test's user lines as its grammar (as a phone menu would be), so
 * runs are repeatable; it then hears which line was said, or nothing when the audio is unclear.
 */

export const speechToolsMissing = speechToolsMissingMessage;

const TRANSCRIBER_RATE = 16000;

function run(command: string, args: string[], signal?: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], signal });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', (e: NodeJS.ErrnoException) =>
      reject(e.code === 'ENOENT' ? new SpeechToolsMissing() : e),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve(Buffer.concat(out))
        : reject(
            new Error(
              `${command} exited with ${code}: ${Buffer.concat(err).toString().slice(-300)}`,
            ),
          ),
    );
  });
}

export class SpeechToolsMissing extends Error {
  constructor() {
    super(speechToolsMissing);
  }
}

/** The 16-bit mono samples and rate of espeak-ng's WAVE output. */
export function wavSamples(buffer: Buffer): { rate: number; samples: Int16Array } {
  if (buffer.toString('ascii', 0, 4) !== 'RIFF' || buffer.toString('ascii', 8, 12) !== 'WAVE')
    throw new Error('espeak-ng did not write a WAVE file');
  let offset = 12;
  let rate = 0;
  while (offset + 8 <= buffer.length) {
    const id = buffer.toString('ascii', offset, offset + 4);
    let size = buffer.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') rate = buffer.readUInt32LE(body + 4);
    else if (id === 'data') {
      // espeak-ng writes an unknown length when writing to a pipe.
      if (body + size > buffer.length) size = buffer.length - body;
      const count = Math.floor(size / 2);
      const samples = new Int16Array(count);
      for (let i = 0; i < count; i++) samples[i] = buffer.readInt16LE(body + i * 2);
      return { rate, samples };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('espeak-ng wrote no audio');
}

/** Linear resampling (speech for a transcriber: no need for more). */
export function resample(samples: Int16Array, from: number, to: number): Int16Array {
  if (from === to) return samples;
  const out = new Int16Array(Math.floor((samples.length * to) / from));
  for (let i = 0; i < out.length; i++) {
    const pos = (i * from) / to;
    const j = Math.floor(pos);
    const a = samples[j] ?? 0;
    const b = samples[j + 1] ?? a;
    out[i] = Math.round(a + (b - a) * (pos - j));
  }
  return out;
}

/** The words pocketsphinx can take in a grammar: lower case letters and apostrophes. */
export function grammarWords(line: string): string {
  return line
    .toLowerCase()
    .replace(/[^a-z' ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface SpeechPipeline {
  /** Speaks the line and transcribes it: what was heard. */
  hear(line: string): Promise<string>;
  /** Seconds of the line spoken (the agent's voice). */
  voice(text: string): Promise<number>;
  close(): Promise<void>;
}

/**
 * A pipeline for one test: `lines` (its user turns) are the transcriber's grammar. Throws
 * SpeechToolsMissing when espeak-ng or pocketsphinx is not installed.
 */
export async function speechPipeline(lines: string[]): Promise<SpeechPipeline> {
  const dir = await mkdtemp(join(tmpdir(), 'parley-voice-test-'));
  const phrases = [...new Set(lines.map(grammarWords).filter(Boolean))];
  const grammar = join(dir, 'lines.jsgf');
  await writeFile(
    grammar,
    `#JSGF V1.0;\ngrammar lines;\npublic <line> = ${phrases.join(' | ')};\n`,
  );
  const speak = async (text: string) =>
    wavSamples(await run('espeak-ng', ['-v', 'en-us', '-s', '150', '--stdout', '--', text]));
  let n = 0;
  return {
    async hear(line) {
      const { rate, samples } = await speak(line);
      const pcm = resample(samples, rate, TRANSCRIBER_RATE);
      // Half a second of silence around the words, as a caller's line arrives.
      const pad = new Int16Array(TRANSCRIBER_RATE / 2);
      const file = join(dir, `line-${++n}.raw`);
      await writeFile(
        file,
        Buffer.concat(
          [pad, pcm, pad].map((a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength)),
        ),
      );
      const out = await run('pocketsphinx_continuous', [
        '-infile',
        file,
        '-samprate',
        String(TRANSCRIBER_RATE),
        '-logfn',
        '/dev/null',
        '-jsgf',
        grammar,
      ]);
      return out
        .toString('utf8')
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l && !/^(INFO|WARN|ERROR|READY|Listening)/.test(l))
        .join(' ')
        .trim();
    },
    async voice(text) {
      if (!text.trim()) return 0;
      const { rate, samples } = await speak(text);
      return Math.round((samples.length / rate) * 100) / 100;
    },
    close: () => rm(dir, { recursive: true, force: true }),
  };
}
