import { mergeFrames, type AudioBuffer } from '@livekit/agents';
import { AudioFrame, AudioResampler } from '@livekit/rtc-node';

/** Mono 16-bit PCM of any frames at `rate` (resampled with rtc-node's AudioResampler). */
export function framesToPcm(buffer: AudioBuffer, rate: number): Buffer {
  const merged = mergeFrames(buffer);
  let frames: AudioFrame[] = [merged];
  if (merged.sampleRate !== rate) {
    const resampler = new AudioResampler(merged.sampleRate, rate, merged.channels);
    frames = [...resampler.push(merged), ...resampler.flush()];
    resampler.close();
  }
  const chunks = frames.map((f) => {
    const mono = f.channels === 1 ? f.data : downmix(f);
    return Buffer.from(mono.buffer, mono.byteOffset, mono.byteLength);
  });
  return Buffer.concat(chunks);
}

function downmix(frame: AudioFrame): Int16Array {
  const out = new Int16Array(frame.samplesPerChannel);
  for (let i = 0; i < out.length; i++) {
    let sum = 0;
    for (let c = 0; c < frame.channels; c++) sum += frame.data[i * frame.channels + c]!;
    out[i] = Math.round(sum / frame.channels);
  }
  return out;
}

/** 16-bit mono PCM → frames of `ms` milliseconds. */
export function pcmToFrames(pcm: Buffer, rate: number, ms = 20): AudioFrame[] {
  const samples = new Int16Array(pcm.buffer, pcm.byteOffset, Math.floor(pcm.byteLength / 2));
  const per = Math.round((rate * ms) / 1000);
  const frames: AudioFrame[] = [];
  for (let i = 0; i < samples.length; i += per) {
    const chunk = new Int16Array(per);
    chunk.set(samples.subarray(i, Math.min(i + per, samples.length)));
    frames.push(new AudioFrame(chunk, rate, 1, per));
  }
  return frames;
}

/** Silence of `ms` milliseconds as frames. */
export function silenceFrames(rate: number, ms: number, frameMs = 20): AudioFrame[] {
  const per = Math.round((rate * frameMs) / 1000);
  return Array.from(
    { length: Math.ceil(ms / frameMs) },
    () => new AudioFrame(new Int16Array(per), rate, 1, per),
  );
}
