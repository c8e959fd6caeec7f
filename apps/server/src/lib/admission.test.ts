import { describe, expect, it } from 'vitest';
import { Admission, admissionFrom, nextLimit } from './admission';
import { HttpError } from './http';

const limits = { targetLagMs: 40, minLimit: 4, maxLimit: 100 };

describe('nextLimit (AIMD on the event-loop delay)', () => {
  it.each([
    // limit, worst delay, was the limit binding, next limit
    [64, 80, true, 57],
    [64, 80, false, 57],
    [5, 500, true, 4],
    [4, 500, true, 4],
    [64, 40, true, 65],
    [64, 10, false, 64],
    [100, 0, true, 100],
  ])('limit %i, delay %i ms, binding %s → %i', (limit, lag, binding, next) => {
    expect(nextLimit(limit, lag, binding, limits)).toBe(next);
  });
});

describe('Admission', () => {
  const admission = (over: Partial<ConstructorParameters<typeof Admission>[0]> = {}) =>
    new Admission({ targetLagMs: 40, maxWaitMs: 1000, initialLimit: 2, minLimit: 1, ...over });

  it('admits up to the limit at once, then in arrival order as places are given back', async () => {
    const a = admission();
    const first = await a.enter();
    const second = await a.enter();
    const order: string[] = [];
    const third = a.enter().then((release) => (order.push('third'), release));
    const fourth = a.enter().then((release) => (order.push('fourth'), release));
    expect(a.state()).toEqual({ limit: 2, running: 2, waiting: 2 });
    first();
    first(); // giving a place back twice counts once
    await third;
    expect(a.state()).toEqual({ limit: 2, running: 2, waiting: 1 });
    second();
    (await fourth)();
    (await third)();
    expect(order).toEqual(['third', 'fourth']);
    expect(a.state()).toEqual({ limit: 2, running: 0, waiting: 0 });
  });

  it('a slow event loop lowers the limit; a fast one raises it while turns wait', async () => {
    const a = admission({ initialLimit: 8 });
    a.observe(120);
    expect(a.state().limit).toBe(7);
    const held = await Promise.all(Array.from({ length: 7 }, () => a.enter()));
    const waiting = a.enter();
    expect(a.state().waiting).toBe(1);
    a.observe(5); // the waiting turn made the limit binding: one more place, taken at once
    await waiting;
    expect(a.state()).toEqual({ limit: 8, running: 8, waiting: 0 });
    a.observe(5); // nothing waited since: the limit stays
    expect(a.state().limit).toBe(8);
    for (const release of held) release();
  });

  it('a turn that waits too long is answered 503 with Retry-After, and leaves the queue', async () => {
    // Real timers (this worker's other files share the clock: isolate is off), a short wait.
    const a = admission({ initialLimit: 1, maxWaitMs: 60 });
    const release = await a.enter();
    const started = performance.now();
    const waiting = a.enter();
    const outcome = waiting.catch((error: unknown) => error);
    await new Promise((r) => setTimeout(r, 10));
    expect(a.state().waiting).toBe(1);
    const error = (await outcome) as HttpError;
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(503);
    expect(error.extra).toEqual({ retryAfter: 1 });
    expect(a.state()).toEqual({ limit: 1, running: 1, waiting: 0 });
    release();
  });

  it('a client who leaves while waiting is taken out of the queue at once', async () => {
    const a = admission({ initialLimit: 1 });
    const release = await a.enter();
    const client = new AbortController();
    const waiting = a.enter(client.signal).catch((error: unknown) => error);
    client.abort();
    expect(((await waiting) as HttpError).status).toBe(503);
    expect(a.state().waiting).toBe(0);
    release();
    expect(a.state().running).toBe(0);
    await expect(a.enter(client.signal)).rejects.toBeInstanceOf(HttpError);
  });
});

describe('admissionFrom (the environment)', () => {
  it('is on by default, off with PARLEY_ADMISSION_LAG_MS=0, and PARLEY_MAX_CONCURRENT_TURNS is a fixed ceiling', () => {
    const byDefault = admissionFrom({});
    expect(byDefault?.state().limit).toBe(64);
    byDefault?.stop();
    expect(admissionFrom({ PARLEY_ADMISSION_LAG_MS: '0' })).toBeNull();
    const capped = admissionFrom({
      PARLEY_ADMISSION_LAG_MS: '0',
      PARLEY_MAX_CONCURRENT_TURNS: '3',
    })!;
    capped.observe(10_000); // no adaptive limit: the delay changes nothing
    expect(capped.state().limit).toBe(3);
    capped.stop();
    const both = admissionFrom({ PARLEY_MAX_CONCURRENT_TURNS: '2' })!;
    expect(both.state().limit).toBe(2);
    both.stop();
  });
});
