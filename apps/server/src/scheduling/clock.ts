/** The scheduler's time: the system clock in production, a settable one in tests. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand (`set`, `advance`); it starts at `start`. */
export class ManualClock implements Clock {
  private t: number;
  constructor(start: Date | string = new Date()) {
    this.t = new Date(start).getTime();
  }
  now() {
    return new Date(this.t);
  }
  set(at: Date | string) {
    this.t = new Date(at).getTime();
  }
  advance(ms: number) {
    this.t += ms;
  }
}
