import { AudioFrame } from '@livekit/rtc-node';

export const TYPING_SAMPLE_RATE = 24000;
const FRAME_MS = 20;
/** Loud enough to notice, soft enough to talk over: the peak at typing_volume 1. */
const PEAK = 0.12 * 32767;

/** A small deterministic PRNG, so the sound (and its tests) are the same every time. */
function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A soft keyboard-typing sound as 20 ms frames: short decaying noise clicks every 90–260 ms.
 * `volume` is the agent's typing_volume (0 = silent: nothing is generated); endless.
 */
export function* typingSound(volume: number, seed = 7): Generator<AudioFrame> {
  if (!(volume > 0)) return;
  const rand = mulberry32(seed);
  const per = (TYPING_SAMPLE_RATE * FRAME_MS) / 1000;
  const clickLen = Math.round(TYPING_SAMPLE_RATE * 0.012);
  let untilClick = 0;
  let inClick = -1;
  let amp = 0;
  for (;;) {
    const data = new Int16Array(per);
    for (let i = 0; i < per; i++) {
      if (inClick < 0 && untilClick <= 0) {
        inClick = 0;
        amp = PEAK * Math.min(1, volume) * (0.6 + 0.4 * rand());
        untilClick = Math.round(TYPING_SAMPLE_RATE * (0.09 + 0.17 * rand()));
      }
      if (inClick >= 0) {
        const decay = Math.exp((-5 * inClick) / clickLen);
        data[i] = Math.round((rand() * 2 - 1) * amp * decay);
        inClick = inClick + 1 >= clickLen ? -1 : inClick + 1;
      }
      untilClick--;
    }
    yield new AudioFrame(data, TYPING_SAMPLE_RATE, 1, per);
  }
}

/** The same sound as an async source (LiveKit's BackgroundAudioPlayer thinking sound, full scale). */
export async function* typingSoundSource(): AsyncGenerator<AudioFrame> {
  for (const frame of typingSound(1)) yield frame;
}
