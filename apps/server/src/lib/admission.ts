import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { HttpError } from './http';

/**
 * Admission for answers (the public runtime's chat turns): how many may run at once adapts to the
 * event loop's delay, so a burst of chats queues here, cheaply, instead of inside the event loop,
 * where every other request (health checks, the console, webhooks) would wait behind it.
 *
 * The limit follows AIMD, as TCP's congestion window does: every `intervalMs` the loop's worst
 * delay over the interval is read; above `targetLagMs` the limit shrinks by a tenth, at or below
 * it the limit grows by one when it was the bottleneck (turns were waiting). Real deployments,
 * whose answers are seconds of waiting on a remote model, never reach the limit; a machine pushed
 * past its CPU keeps answering everything, in order, a little later. A turn that has waited
 * `maxWaitMs` is answered 503 with Retry-After instead of hanging.
 */
export interface AdmissionOptions {
  /** Event-loop delay (ms) above which fewer turns run at once. */
  targetLagMs: number;
  /** How long a turn may wait for its turn before a 503. */
  maxWaitMs: number;
  minLimit?: number;
  maxLimit?: number;
  initialLimit?: number;
}

export interface AdmissionState {
  limit: number;
  running: number;
  waiting: number;
}

/** The pure controller: the next limit from the last interval's worst delay. */
export function nextLimit(
  limit: number,
  worstLagMs: number,
  wasBinding: boolean,
  opts: { targetLagMs: number; minLimit: number; maxLimit: number },
): number {
  if (worstLagMs > opts.targetLagMs) return Math.max(opts.minLimit, Math.floor(limit * 0.9));
  if (wasBinding) return Math.min(opts.maxLimit, limit + 1);
  return limit;
}

interface Waiter {
  admit: () => void;
  reject: (error: unknown) => void;
  timer: ReturnType<typeof setTimeout>;
  detach: () => void;
}

export class Admission {
  private limit: number;
  private running = 0;
  private readonly queue: Waiter[] = [];
  private binding = false;
  private readonly minLimit: number;
  private readonly maxLimit: number;

  constructor(private readonly opts: AdmissionOptions) {
    this.maxLimit = opts.maxLimit ?? 10_000;
    this.minLimit = Math.min(opts.minLimit ?? 4, this.maxLimit);
    this.limit = Math.min(this.maxLimit, Math.max(this.minLimit, opts.initialLimit ?? 64));
  }

  state(): AdmissionState {
    return { limit: this.limit, running: this.running, waiting: this.queue.length };
  }

  /** Feeds one interval's worst event-loop delay; admits waiters if the limit grew. */
  observe(worstLagMs: number): void {
    this.limit = nextLimit(this.limit, worstLagMs, this.binding, {
      targetLagMs: this.opts.targetLagMs,
      minLimit: this.minLimit,
      maxLimit: this.maxLimit,
    });
    this.pump();
    // Binding in the next interval if turns still wait now (enter() marks new waits).
    this.binding = this.queue.length > 0;
  }

  /**
   * Waits for a place; resolves with the function that gives it back when the answer is over
   * (calling it again is harmless, so every way out of a turn may call it). Rejects with 503
   * after `maxWaitMs`, or when the client leaves while waiting (nobody reads that answer; it is
   * not logged as a failure).
   */
  enter(signal?: AbortSignal): Promise<() => void> {
    const left = () => new HttpError(503, 'The client closed the request');
    if (signal?.aborted) return Promise.reject(left());
    if (this.running < this.limit && this.queue.length === 0) return Promise.resolve(this.take());
    this.binding = true;
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.remove(waiter);
        reject(left());
      };
      const waiter: Waiter = {
        admit: () => resolve(this.take()),
        reject,
        timer: setTimeout(() => {
          this.remove(waiter);
          reject(
            new HttpError(503, 'The server is busy. Please try again in a moment.', {
              retryAfter: 1,
            }),
          );
        }, this.opts.maxWaitMs),
        detach: () => signal?.removeEventListener('abort', onAbort),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
    });
  }

  private take(): () => void {
    this.running++;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.running--;
      this.pump();
    };
  }

  private remove(waiter: Waiter) {
    const i = this.queue.indexOf(waiter);
    if (i >= 0) this.queue.splice(i, 1);
    clearTimeout(waiter.timer);
    waiter.detach();
  }

  private pump() {
    while (this.running < this.limit && this.queue.length > 0) {
      const waiter = this.queue.shift()!;
      clearTimeout(waiter.timer);
      waiter.detach();
      waiter.admit();
    }
  }
}

/**
 * An admission fed by this process's event-loop delay (`monitorEventLoopDelay`, every
 * `intervalMs`). `stop()` ends the sampling (the server's close does it).
 */
export function loopAdmission(
  opts: AdmissionOptions & { intervalMs?: number },
): Admission & { stop(): void } {
  const admission = new Admission(opts) as Admission & { stop(): void };
  admission.stop = sampleLoopDelay((worst) => admission.observe(worst), opts.intervalMs ?? 100);
  return admission;
}

/**
 * Reads this process's worst event-loop delay every `intervalMs` (`monitorEventLoopDelay`) and
 * hands it to `observe`; returns the function that stops the sampling.
 */
export function sampleLoopDelay(observe: (worstLagMs: number) => void, intervalMs = 100) {
  const histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const timer = setInterval(() => {
    // The histogram counts the timer's own resolution into each delay.
    observe(Math.max(0, histogram.max / 1e6 - 10));
    histogram.reset();
  }, intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    histogram.disable();
  };
}

/**
 * The server's admission from its environment: PARLEY_ADMISSION_LAG_MS (default 30; 0 turns the
 * adaptive limit off), PARLEY_MAX_CONCURRENT_TURNS (a fixed ceiling, e.g. to bound what the model
 * provider is asked at once; default none) and PARLEY_ADMISSION_WAIT_MS (default 15000).
 */
export function admissionFrom(env: Record<string, string | undefined>) {
  const number = (name: string, fallback: number) => {
    const value = Number(env[name] ?? fallback);
    return Number.isFinite(value) && value >= 0 ? value : fallback;
  };
  const lag = number('PARLEY_ADMISSION_LAG_MS', 30);
  const ceiling = Math.floor(number('PARLEY_MAX_CONCURRENT_TURNS', 0));
  if (lag === 0 && ceiling === 0) return null;
  const options: AdmissionOptions = {
    // Without the adaptive limit, the delay target is never exceeded.
    targetLagMs: lag === 0 ? Infinity : lag,
    maxWaitMs: number('PARLEY_ADMISSION_WAIT_MS', 15_000) || 15_000,
    ...(ceiling > 0 ? { maxLimit: ceiling, initialLimit: ceiling } : {}),
  };
  return loopAdmission(options);
}
