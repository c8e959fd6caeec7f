import { describe, expect, it } from 'vitest';
import { EspeakTTS, espeakArgs, defaultEspeakOptions, ESPEAK_SAMPLE_RATE } from './espeakTts';
import { PocketsphinxSTT, phraseGrammar } from './pocketsphinxStt';
import { pcmToFrames } from './audio';

const grammar = phraseGrammar(['what are your opening hours', 'book an appointment', 'goodbye']);

describe('local speech (espeak-ng, pocketsphinx)', () => {
  it('maps speed to words per minute and passes the voice', () => {
    expect(espeakArgs({ ...defaultEspeakOptions, voice: 'en-gb', speed: 1.2 }, 'Hi')).toEqual([
      '-v',
      'en-gb',
      '-s',
      '210',
      '--stdout',
      '--',
      'Hi',
    ]);
    expect(espeakArgs({ ...defaultEspeakOptions, speed: 0 }, 'x')[3]).toBe('80');
  });

  it('speaks a sentence as audio frames of non-zero length', async () => {
    const stream = new EspeakTTS().synthesize('Our opening hours are Monday to Friday.');
    let samples = 0;
    for await (const audio of stream) {
      expect(audio.frame.sampleRate).toBe(ESPEAK_SAMPLE_RATE);
      samples += audio.frame.samplesPerChannel;
    }
    expect(samples / ESPEAK_SAMPLE_RATE).toBeGreaterThan(1);
  });

  it('transcribes espeak-ng speech exactly with a JSGF grammar', async () => {
    const pcm = await new EspeakTTS().pcm('what are your opening hours');
    const stt = new PocketsphinxSTT({ jsgf: grammar });
    const event = await stt.recognize(pcmToFrames(pcm, ESPEAK_SAMPLE_RATE));
    expect(event.alternatives?.[0].text).toBe('what are your opening hours');
  });

  it('says which Debian package is missing when a binary is not installed', async () => {
    await expect(new EspeakTTS({ binary: 'espeak-ng-missing' }).pcm('x')).rejects.toThrow(
      /not installed \(apt-get install espeak-ng-missing\)/,
    );
  });
});
