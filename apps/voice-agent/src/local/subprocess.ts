import { spawn } from 'node:child_process';

/** Runs a program with `input` on stdin; resolves with stdout, rejects with its stderr on failure. */
export function run(
  command: string,
  args: string[],
  input: Buffer | null,
  signal?: AbortSignal,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], signal });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', (e: NodeJS.ErrnoException) =>
      reject(
        e.code === 'ENOENT'
          ? new Error(`${command} is not installed (apt-get install ${debianPackageOf(command)})`)
          : e,
      ),
    );
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else
        reject(
          new Error(`${command} exited with ${code}: ${Buffer.concat(err).toString().slice(-500)}`),
        );
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(input ?? undefined);
  });
}

function debianPackageOf(command: string) {
  return command.startsWith('pocketsphinx') ? 'pocketsphinx pocketsphinx-en-us' : command;
}

/** The PCM samples of a RIFF/WAVE file (16-bit), with its rate and channels. */
export function parseWav(buffer: Buffer): { sampleRate: number; channels: number; pcm: Buffer } {
  if (buffer.toString('ascii', 0, 4) !== 'RIFF' || buffer.toString('ascii', 8, 12) !== 'WAVE')
    throw new Error('not a WAVE file');
  let offset = 12;
  let sampleRate = 0;
  let channels = 1;
  while (offset + 8 <= buffer.length) {
    const id = buffer.toString('ascii', offset, offset + 4);
    let size = buffer.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      channels = buffer.readUInt16LE(body + 2);
      sampleRate = buffer.readUInt32LE(body + 4);
    } else if (id === 'data') {
      // espeak-ng writes an unknown length (0x7fffffff / 0xffffffff) when writing to a pipe.
      if (body + size > buffer.length) size = buffer.length - body;
      const usable = size - (size % 2);
      return { sampleRate, channels, pcm: buffer.subarray(body, body + usable) };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAVE file has no data chunk');
}
