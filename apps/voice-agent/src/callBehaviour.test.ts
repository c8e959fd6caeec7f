import { describe, expect, it } from 'vitest';
import { consentQuestion, toolsDefaults } from '@parley/api-client';
import {
  CallBehaviour,
  FakeClock,
  goodbyeAfterNudges,
  goodbyeAtMaxDuration,
  type BehaviourSettings,
  openingLine,
  maxPurposeLength,
} from './callBehaviour';

const defaults: BehaviourSettings = {
  initialMessage: toolsDefaults.initial_message,
  nudgeText: toolsDefaults.nudge_text,
  nudgeInterval: toolsDefaults.nudge_interval,
  maxNudges: toolsDefaults.max_nudges,
  maxCallDuration: toolsDefaults.max_call_duration,
};

function setup(overrides: Partial<BehaviourSettings> = {}) {
  const clock = new FakeClock();
  const log: string[] = [];
  const ends: Array<[string, string]> = [];
  const behaviour = new CallBehaviour(
    { ...defaults, ...overrides },
    {
      say: async (text, kind) => {
        log.push(`${Math.round(clock.now() / 1000)}s ${kind}: ${text}`);
      },
      end: (by, reason) => {
        ends.push([by, reason]);
      },
    },
    clock,
  );
  return { clock, log, ends, behaviour };
}

describe('call behaviour (fake clock)', () => {
  it('says the initial message first, then nothing until the nudge interval passes', async () => {
    const { clock, log, behaviour } = setup();
    await behaviour.start();
    behaviour.setAgentState('listening');
    expect(log).toEqual(['0s initial_message: Hello! How can I help you today?']);
    await clock.advance(14_999);
    expect(log).toHaveLength(1);
    await clock.advance(1);
    expect(log.at(-1)).toBe('15s nudge: Hello, Are you still there?');
  });

  it('says a notice (offline voice) before the initial message; an empty initial message is skipped', async () => {
    const a = setup();
    await a.behaviour.start('This call uses the offline voice.');
    expect(a.log.map((l) => l.split(':')[0])).toEqual(['0s notice', '0s initial_message']);
    const b = setup({ initialMessage: '  ' });
    await b.behaviour.start();
    expect(b.log).toEqual([]);
  });

  it('says the disclosure line first, then the initial message', async () => {
    const { log, behaviour } = setup({ disclosure: 'You are talking with an AI assistant.' });
    await behaviour.start('Offline voice.');
    expect(log).toEqual([
      '0s notice: Offline voice.',
      '0s disclosure: You are talking with an AI assistant.',
      '0s initial_message: Hello! How can I help you today?',
    ]);
  });

  it('asks for consent after the disclosure; the initial message waits for the answer', async () => {
    const { log, behaviour } = setup({ disclosure: 'This call is transcribed.', askConsent: true });
    await behaviour.start();
    expect(log).toEqual([
      '0s disclosure: This call is transcribed.',
      `0s consent: ${consentQuestion}`,
    ]);
    await behaviour.consentAnswered();
    expect(log.at(-1)).toBe('0s initial_message: Hello! How can I help you today?');
    // Once only.
    await behaviour.consentAnswered();
    expect(log).toHaveLength(3);
  });

  it.each([
    { maxNudges: 1, nudgeInterval: 5, endAt: 10 },
    { maxNudges: 3, nudgeInterval: 15, endAt: 60 },
    { maxNudges: 10, nudgeInterval: 60, endAt: 660 },
  ])(
    'nudges $maxNudges times every $nudgeInterval s of silence, then ends politely at $endAt s',
    async ({ maxNudges, nudgeInterval, endAt }) => {
      const { clock, log, ends, behaviour } = setup({
        maxNudges,
        nudgeInterval,
        maxCallDuration: 0,
      });
      await behaviour.start();
      behaviour.setAgentState('listening');
      await clock.advance(endAt * 1000 - 1);
      expect(log.filter((l) => l.includes(' nudge: '))).toHaveLength(maxNudges);
      expect(ends).toEqual([]);
      await clock.advance(1);
      expect(log.at(-1)).toBe(`${endAt}s goodbye: ${goodbyeAfterNudges}`);
      expect(ends).toEqual([['nudges', `no answer after ${maxNudges} nudges`]]);
      await clock.advance(600_000);
      expect(ends).toHaveLength(1);
    },
  );

  it('counts silence only while the agent listens and the caller is quiet; speech resets the nudges', async () => {
    const { clock, log, behaviour } = setup({ maxCallDuration: 0 });
    await behaviour.start();
    behaviour.setAgentState('speaking');
    await clock.advance(60_000);
    expect(log).toHaveLength(1);
    behaviour.setAgentState('listening');
    await clock.advance(15_000);
    expect(behaviour.nudges).toBe(1);
    behaviour.setCallerSpeaking(true);
    await clock.advance(60_000);
    expect(behaviour.nudges).toBe(0);
    behaviour.setCallerSpeaking(false);
    behaviour.setAgentState('thinking');
    await clock.advance(30_000);
    expect(log.filter((l) => l.includes('nudge'))).toHaveLength(1);
    behaviour.setAgentState('listening');
    await clock.advance(10_000);
    behaviour.setCallerSpeaking(true);
    behaviour.setCallerSpeaking(false);
    await clock.advance(14_000);
    expect(log.filter((l) => l.includes('nudge'))).toHaveLength(1);
  });

  it.each([
    { maxCallDuration: 30, hangUpAt: 30 },
    { maxCallDuration: 300, hangUpAt: 300 },
    { maxCallDuration: 600, hangUpAt: 600 },
  ])(
    'hangs up at max_call_duration $maxCallDuration s while the caller talks',
    async ({ maxCallDuration, hangUpAt }) => {
      const { clock, log, ends, behaviour } = setup({ maxCallDuration });
      await behaviour.start();
      behaviour.setCallerSpeaking(true);
      await clock.advance(hangUpAt * 1000 - 1);
      expect(ends).toEqual([]);
      await clock.advance(1);
      expect(log.at(-1)).toBe(`${hangUpAt}s goodbye: ${goodbyeAtMaxDuration}`);
      expect(ends).toEqual([['max_duration', `max call duration of ${maxCallDuration} s reached`]]);
    },
  );

  it('max_call_duration 0 means no limit; stop() silences every timer', async () => {
    const { clock, ends, log, behaviour } = setup({ maxCallDuration: 0 });
    await behaviour.start();
    behaviour.setCallerSpeaking(true);
    await clock.advance(3_600_000);
    expect(ends).toEqual([]);
    behaviour.setCallerSpeaking(false);
    behaviour.setAgentState('listening');
    behaviour.stop();
    await clock.advance(3_600_000);
    expect(log).toHaveLength(1);
    expect(ends).toEqual([]);
  });
});

describe('openingLine (a call placed for a reason)', () => {
  it('says the initial message, then the purpose; a greeting without an end stop gets one', () => {
    expect(openingLine('Hi, this is Ada from Acme.', 'Your appointment is tomorrow at 10.')).toBe(
      'Hi, this is Ada from Acme. Your appointment is tomorrow at 10.',
    );
    expect(openingLine('Hi, this is Ada', 'Your order has shipped.')).toBe(
      'Hi, this is Ada. Your order has shipped.',
    );
  });

  it('without a purpose: the initial message as it is; without an initial message: the purpose', () => {
    expect(openingLine('Hello!', null)).toBe('Hello!');
    expect(openingLine('Hello!', '   ')).toBe('Hello!');
    expect(openingLine('', 'Your order\n has shipped. ')).toBe('Your order has shipped.');
    expect(openingLine('', undefined)).toBe('');
  });

  it('a purpose longer than the bound is cut to it', () => {
    expect(openingLine('', 'x'.repeat(maxPurposeLength + 50))).toHaveLength(maxPurposeLength);
  });
});
