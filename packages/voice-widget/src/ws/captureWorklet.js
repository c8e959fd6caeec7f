// Parley voice calls: the microphone as 16-bit PCM at 16 kHz, in 20 ms frames (320 samples),
// posted to the page (an AudioWorklet module, served as /widget/voice-worklet.js). The audio
// context runs at the device's rate; each output sample is the mean of the input samples it
// covers (a box filter: enough against aliasing for speech).
const RATE = 16000;
const FRAME = 320;

class ParleyCapture extends AudioWorkletProcessor {
  constructor() {
    super();
    this.step = sampleRate / RATE;
    this.pos = 0;
    this.sum = 0;
    this.count = 0;
    this.frame = new Int16Array(FRAME);
    this.length = 0;
  }

  process(inputs) {
    const channel = inputs[0] && inputs[0][0];
    if (!channel) return true;
    for (let i = 0; i < channel.length; i++) {
      this.sum += channel[i];
      this.count++;
      this.pos += 1;
      if (this.pos < this.step) continue;
      this.pos -= this.step;
      const v = Math.max(-1, Math.min(1, this.sum / this.count));
      this.frame[this.length++] = v < 0 ? v * 0x8000 : v * 0x7fff;
      this.sum = 0;
      this.count = 0;
      if (this.length === FRAME) {
        this.port.postMessage(this.frame.buffer, [this.frame.buffer]);
        this.frame = new Int16Array(FRAME);
        this.length = 0;
      }
    }
    return true;
  }
}

registerProcessor('parley-capture', ParleyCapture);
