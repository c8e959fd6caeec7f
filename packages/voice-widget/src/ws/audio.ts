/** The rate a WebSocket call streams at, both ways (the capture worklet's output). */
export const STREAM_RATE = 16000;

/**
 * The microphone through the capture worklet (captureWorklet.js, added to the context's
 * audioWorklet beforehand): 20 ms frames of 16-bit PCM at 16 kHz go to `onFrame`. Answers the
 * function that stops the capture.
 */
export function startCapture(
  context: AudioContext,
  microphone: MediaStreamTrack,
  onFrame: (pcm: ArrayBuffer) => void,
): () => void {
  const source = context.createMediaStreamSource(new MediaStream([microphone]));
  const node = new AudioWorkletNode(context, 'parley-capture');
  node.port.onmessage = (e: MessageEvent<ArrayBuffer>) => onFrame(e.data);
  source.connect(node);
  // Connected to the output (it writes silence) so the browser keeps pulling audio through it.
  node.connect(context.destination);
  return () => {
    node.port.onmessage = null;
    source.disconnect();
    node.disconnect();
  };
}

/**
 * The agent's voice: PCM16 frames queued back to back on the audio context's clock, a few tens of
 * milliseconds after the first arrives; `flush` stops what is playing and drops the queue.
 */
export class Playback {
  private next = 0;
  private sources = new Set<AudioBufferSourceNode>();

  constructor(
    private readonly context: AudioContext,
    private readonly rate = STREAM_RATE,
  ) {}

  push(pcm: ArrayBuffer): void {
    const samples = new Int16Array(pcm, 0, pcm.byteLength >> 1);
    if (!samples.length) return;
    const buffer = this.context.createBuffer(1, samples.length, this.rate);
    const channel = buffer.getChannelData(0);
    for (let i = 0; i < samples.length; i++) channel[i] = samples[i]! / 0x8000;
    const source = this.context.createBufferSource();
    source.buffer = buffer;
    source.connect(this.context.destination);
    const now = this.context.currentTime;
    if (this.next < now + 0.01) this.next = now + 0.04;
    source.start(this.next);
    this.next += buffer.duration;
    this.sources.add(source);
    source.onended = () => this.sources.delete(source);
  }

  /** Seconds of audio still to play. */
  get queued(): number {
    return Math.max(0, this.next - this.context.currentTime);
  }

  flush(): void {
    for (const source of this.sources) {
      source.onended = null;
      try {
        source.stop();
      } catch {
        /* not started yet */
      }
    }
    this.sources.clear();
    this.next = 0;
  }
}
