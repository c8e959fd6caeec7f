/**
 * Call behaviour from the agent's tools state (spec agents-and-knowledge §3, §9): the initial
 * message first; after `nudgeInterval` seconds of silence the nudge text, at most `maxNudges`
 * times, then a polite goodbye; a hang-up at `maxCallDuration`. Plain logic on an injectable
 * clock: the session feeds it states, it answers with `say` and `end`.
 */

import { consentQuestion } from '@parley/api-client';

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface BehaviourSettings {
  initialMessage: string;
  nudgeText: string;
  /** Seconds of caller silence before a nudge. */
  nudgeInterval: number;
  maxNudges: number;
  /** Seconds; 0 = no limit. */
  maxCallDuration: number;
  /** The agent's disclosure line, said first (docs/privacy.md); empty or unset: none. */
  disclosure?: string | null;
  /**
   * Ask the caller's consent to transcribe the call after the disclosure: the initial message
   * waits for the answer (`consentAnswered`), which the server takes from the caller's turn.
   */
  askConsent?: boolean;
}

export type UtteranceKind =
  'initial_message' | 'nudge' | 'goodbye' | 'notice' | 'disclosure' | 'consent';
export type EndedBy = 'caller' | 'agent' | 'max_duration' | 'nudges' | 'error';

export interface BehaviourActions {
  /** Speaks a line; resolves once it has been played (or interrupted). */
  say(text: string, kind: UtteranceKind): Promise<void>;
  /** Hangs up. */
  end(endedBy: EndedBy, reason: string): void;
}

/** The longest purpose said on a call (the server bounds a message template; a stream could say more). */
export const maxPurposeLength = 1000;

/**
 * The agent's opening on a call it placed for a reason (a scheduled call's message template,
 * the phone stream's `purpose`): its initial message, then the purpose, so the person hears why
 * they are called and the model reads both in the call's history for its later turns. Without a
 * purpose, the initial message alone (an inbound call or a browser call).
 */
export function openingLine(initialMessage: string, purpose?: string | null): string {
  const reason = (purpose ?? '').replace(/\s+/g, ' ').trim().slice(0, maxPurposeLength);
  const greeting = initialMessage.trim();
  if (!reason) return initialMessage;
  if (!greeting) return reason;
  return `${greeting}${/[.!?…]$/.test(greeting) ? '' : '.'} ${reason}`;
}

export const goodbyeAfterNudges = "I haven't heard from you, so I'll end the call now. Goodbye!";
export const goodbyeAtMaxDuration =
  "We've reached the maximum length of this call, so I'll end it now. Thank you for calling. Goodbye!";

type AgentState = 'initializing' | 'idle' | 'listening' | 'thinking' | 'speaking';

export class CallBehaviour {
  private nudgesSent = 0;
  private silenceTimer: unknown = null;
  private durationTimer: unknown = null;
  private agentState: AgentState = 'initializing';
  private callerSpeaking = false;
  private ending = false;
  private started = false;
  /** The initial message waits for the caller's answer to the consent question. */
  private openingWaits = false;

  constructor(
    private readonly settings: BehaviourSettings,
    private readonly actions: BehaviourActions,
    private readonly clock: Clock = systemClock,
  ) {}

  get nudges(): number {
    return this.nudgesSent;
  }
  get ended(): boolean {
    return this.ending;
  }

  /** The call is connected: the hang-up timer starts, the initial message is said. */
  async start(notice?: string): Promise<void> {
    if (this.started) return;
    this.started = true;
    const limit = this.settings.maxCallDuration;
    if (limit > 0) {
      this.durationTimer = this.clock.setTimeout(
        () => void this.finish('max_duration'),
        limit * 1000,
      );
    }
    if (notice) await this.actions.say(notice, 'notice');
    const disclosure = this.settings.disclosure?.trim();
    if (disclosure && !this.ending) await this.actions.say(disclosure, 'disclosure');
    if (this.settings.askConsent && !this.ending) {
      this.openingWaits = true;
      await this.actions.say(consentQuestion, 'consent');
    } else await this.sayOpening();
    this.rearm();
  }

  private async sayOpening() {
    if (this.settings.initialMessage.trim() && !this.ending)
      await this.actions.say(this.settings.initialMessage, 'initial_message');
  }

  /** The caller answered the consent question (given or refused): the initial message now. */
  async consentAnswered(): Promise<void> {
    if (!this.openingWaits) return;
    this.openingWaits = false;
    await this.sayOpening();
    this.rearm();
  }

  /** The framework's agent state (listening / thinking / speaking …). */
  setAgentState(state: AgentState): void {
    this.agentState = state;
    this.rearm();
  }

  /** The caller started or stopped speaking; any speech resets the nudges. */
  setCallerSpeaking(speaking: boolean): void {
    this.callerSpeaking = speaking;
    if (speaking) this.nudgesSent = 0;
    this.rearm();
  }

  /** The caller hung up or the call failed: timers stop, nothing more is said. */
  stop(): void {
    this.ending = true;
    this.clearSilence();
    if (this.durationTimer !== null) this.clock.clearTimeout(this.durationTimer);
    this.durationTimer = null;
  }

  private clearSilence() {
    if (this.silenceTimer !== null) this.clock.clearTimeout(this.silenceTimer);
    this.silenceTimer = null;
  }

  /** Silence counts only while the agent waits for the caller and the caller is quiet. */
  private rearm() {
    this.clearSilence();
    if (this.ending || !this.started) return;
    const waiting = this.agentState === 'listening' || this.agentState === 'idle';
    if (!waiting || this.callerSpeaking) return;
    this.silenceTimer = this.clock.setTimeout(
      () => void this.onSilence(),
      this.settings.nudgeInterval * 1000,
    );
  }

  private async onSilence() {
    this.silenceTimer = null;
    if (this.ending) return;
    if (this.nudgesSent < this.settings.maxNudges) {
      this.nudgesSent += 1;
      await this.actions.say(this.settings.nudgeText, 'nudge');
      this.rearm();
      return;
    }
    await this.finish('nudges');
  }

  private async finish(endedBy: 'nudges' | 'max_duration') {
    if (this.ending) return;
    this.stop();
    const [line, reason] =
      endedBy === 'nudges'
        ? [goodbyeAfterNudges, `no answer after ${this.settings.maxNudges} nudges`]
        : [goodbyeAtMaxDuration, `max call duration of ${this.settings.maxCallDuration} s reached`];
    try {
      await this.actions.say(line, 'goodbye');
    } finally {
      this.actions.end(endedBy, reason);
    }
  }
}

/** A clock for tests: time moves only when `advance` is called. */
export class FakeClock implements Clock {
  private time = 0;
  private seq = 0;
  private timers = new Map<number, { at: number; fn: () => void }>();

  now() {
    return this.time;
  }
  setTimeout(fn: () => void, ms: number) {
    const id = ++this.seq;
    this.timers.set(id, { at: this.time + ms, fn });
    return id;
  }
  clearTimeout(handle: unknown) {
    this.timers.delete(handle as number);
  }
  /** Moves time forward, firing due timers in order (awaiting what they start). */
  async advance(ms: number) {
    const until = this.time + ms;
    for (;;) {
      const next = [...this.timers.entries()]
        .filter(([, t]) => t.at <= until)
        .sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      if (!next) break;
      this.timers.delete(next[0]);
      this.time = next[1].at;
      next[1].fn();
      // Let the callbacks' promises (say → rearm) settle before the next timer.
      for (let i = 0; i < 10; i++) await Promise.resolve();
    }
    this.time = until;
  }
}
