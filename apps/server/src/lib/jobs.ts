import type { Database } from '../db/client';

/**
 * The job runner: every background worker is a queue of its own rows (knowledge ingestion,
 * replies, scheduled calls, test runs …) run by this one loop. The feature says how to claim
 * (its claim query, usually `claimRows` of lib/jobTable.ts: FOR UPDATE SKIP LOCKED, a lease,
 * organizations in turns) and how to run one job; the runner owns the rest: when to claim (woken
 * in this process, by a NOTIFY from any process, at the next due time, and on a poll as the
 * fallback), how many jobs run at once, the leases of running jobs, a backoff with jitter when
 * claiming fails, and a graceful stop (no new claims; the running jobs finish).
 */
export interface Queue<J> {
  /** The queue's name: its table's, which the NOTIFY of a new row carries (drizzle/0033). */
  name: string;
  /**
   * Claims up to `room` due jobs (fewer, or none, when less is due). Returning any makes the
   * runner claim again while there is room.
   */
  claim(room: number): Promise<J[]>;
  /** Does one claimed job. Its failures are the feature's to record; a throw is logged. */
  run(job: J): Promise<unknown>;
  /** Jobs at once in this process; a function is read before each claim (adaptive). Default 1. */
  concurrency?: number | (() => number);
  /** Renews the leases of the running jobs every `everyMs`, so a long job keeps its claim. */
  renew?: { everyMs: number; leases(jobs: J[]): Promise<unknown> };
  /**
   * Housekeeping before the claims of each round (a poll, a wake, the due-time alarm), never per
   * job; a positive count means it may have made work claimable.
   */
  sweep?(): Promise<number>;
  /** Once nothing runs and nothing is left to claim, after `ran` jobs (e.g. fresh statistics). */
  settled?(ran: number): Promise<unknown>;
  /** When the next job falls due: the runner wakes then when that is before the next poll. */
  nextDueAt?(): Promise<Date | null>;
}

export interface JobLogger {
  error(obj: object, msg: string): void;
}

export interface WorkerOptions {
  logger: JobLogger;
  /** The poll: a round this often whatever else happens (missed notifications, retries). */
  pollMs: number;
  /** No rounds of its own: `wake` does nothing (tests run the queue with `drain`). */
  manual?: boolean;
  /** The queue's clock (for `nextDueAt`); the system's by default. */
  now?: () => Date;
  /** The wait after a claim failed (the database is away): grows with each failure in a row. */
  backoff?: BackoffOptions;
  random?: () => number;
}

export interface Worker {
  readonly name: string;
  /** Claims now (work was queued, or may have become due). */
  wake(): void;
  /** Wakes the queue and resolves once nothing runs and nothing is left to claim. */
  idle(): Promise<void>;
  /** Stops claiming and resolves once the running jobs have finished. */
  stop(): Promise<void>;
}

export interface BackoffOptions {
  baseMs: number;
  maxMs?: number;
  /** 'exponential' (base × 2^(n−1), the default) or 'linear' (base × n). */
  growth?: 'exponential' | 'linear';
  /** ± this share of the delay at random, so many waiting processes do not come back at once. */
  jitter?: number;
}

/** The wait before try `attempt + 1` (attempt ≥ 1 failures so far), with jitter. */
export function backoffMs(
  attempt: number,
  options: BackoffOptions,
  random: () => number = Math.random,
): number {
  const n = Math.max(1, Math.floor(attempt));
  const raw = options.growth === 'linear' ? options.baseMs * n : options.baseMs * 2 ** (n - 1);
  const capped = Math.min(options.maxMs ?? Number.POSITIVE_INFINITY, raw);
  const jitter = Math.min(1, Math.max(0, options.jitter ?? 0.2));
  return Math.max(0, Math.round(capped * (1 - jitter + 2 * jitter * random())));
}

/**
 * Milliseconds until the queue should run for work that falls due at `next`, when that is sooner
 * than the next poll; else null (the poll comes first). Work already due is null too: what is due
 * and still waiting waits for room, a window or a change, which a poll or a wake checks — an alarm
 * at 0 would spin.
 */
export function nextWakeDelay(next: Date | null, now: Date, pollMs: number): number | null {
  if (!next) return null;
  const delay = next.getTime() - now.getTime();
  return delay > 0 && delay < pollMs ? delay : null;
}

const claimBackoff: BackoffOptions = { baseMs: 1000, maxMs: 30_000, jitter: 0.2 };

/** One queue's loop (see Queue); `drain` runs one until it is empty. */
class Loop<J> {
  private readonly running = new Map<Promise<void>, J>();
  /** Something may be claimable (a wake, a job's end, a claim that found work). */
  private dirty = false;
  private sweepDue = false;
  private looping: Promise<void> | null = null;
  private stopped = false;
  private failures = 0;
  private pausedUntil = 0;
  /** drain: the claim failed (no more claims; thrown once the running jobs finished). */
  private error: { cause: unknown } | null = null;
  private alarm: ReturnType<typeof setTimeout> | null = null;
  /** Jobs finished since the queue last settled; jobs claimed in all. */
  private ran = 0;
  claimed = 0;
  private waiters: Array<{ resolve: () => void; reject: (error: unknown) => void }> = [];
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private renewing: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly queue: Queue<J>,
    private readonly options: WorkerOptions & { drain?: boolean },
  ) {}

  private get room() {
    const c = this.queue.concurrency;
    const limit = typeof c === 'function' ? c() : (c ?? 1);
    return Math.max(1, Math.floor(limit)) - this.running.size;
  }

  wake() {
    if (this.stopped) return;
    this.dirty = true;
    this.sweepDue = true;
    this.kick();
  }

  private kick() {
    if (this.looping || this.stopped) return;
    this.looping = this.loop().finally(() => {
      this.looping = null;
      // Something came in after the loop's last look (a job ended between two awaits).
      if (this.stopped) return;
      const failedAndDone = this.error && !this.running.size && this.waiters.length;
      const more = this.dirty && !this.error && this.room > 0 && Date.now() >= this.pausedUntil;
      if (failedAndDone || more) this.kick();
    });
  }

  private async loop() {
    for (;;) {
      if (this.stopped || this.error || Date.now() < this.pausedUntil) break;
      const room = this.room;
      if (this.dirty && room > 0) {
        await this.claim(room);
        continue;
      }
      // Nothing more to claim now: the round's housekeeping (claims first: due work cannot
      // wait), which may make more work claimable.
      if (!this.dirty && this.sweepDue) {
        this.sweepDue = false;
        if (this.queue.sweep)
          try {
            if ((await this.queue.sweep()) > 0) this.dirty = true;
          } catch (err) {
            this.options.logger.error({ err, queue: this.queue.name }, 'job sweep failed');
          }
        continue;
      }
      break;
    }
    if (!this.running.size && (this.error || (!this.dirty && !this.stopped))) await this.settle();
  }

  /** One claim of up to `room` jobs, started at once; a failure pauses claims (backoff). */
  private async claim(room: number) {
    this.dirty = false;
    let jobs: J[];
    try {
      jobs = await this.queue.claim(room);
      this.failures = 0;
    } catch (err) {
      if (this.options.drain) {
        this.error = { cause: err };
        return;
      }
      this.options.logger.error({ err, queue: this.queue.name }, 'job claim failed');
      this.failures++;
      this.dirty = true;
      const wait = backoffMs(this.failures, this.options.backoff ?? claimBackoff, this.random);
      this.pausedUntil = Date.now() + wait;
      this.later(() => this.kick(), wait);
      return;
    }
    this.claimed += jobs.length;
    if (jobs.length) this.dirty = true;
    for (const job of jobs) this.start(job);
  }

  private get random() {
    return this.options.random ?? Math.random;
  }

  private start(job: J) {
    const done: Promise<void> = (async () => {
      try {
        await this.queue.run(job);
      } catch (err) {
        this.options.logger.error({ err, queue: this.queue.name }, 'job failed');
      }
    })().finally(() => {
      this.running.delete(done);
      this.ran++;
      this.dirty = true;
      if (!this.running.size && this.renewing) {
        clearInterval(this.renewing);
        this.renewing = null;
      }
      this.kick();
    });
    this.running.set(done, job);
    const renew = this.queue.renew;
    if (renew && !this.renewing) {
      this.renewing = setInterval(() => {
        const jobs = [...this.running.values()];
        if (jobs.length)
          renew.leases(jobs).catch((err: unknown) => {
            this.options.logger.error({ err, queue: this.queue.name }, 'lease renewal failed');
          });
      }, renew.everyMs);
      this.renewing.unref();
    }
  }

  /** Nothing runs and nothing is left: the settled hook, the due-time alarm, the idle waiters. */
  private async settle() {
    const error = this.error;
    if (!error && this.ran && this.queue.settled) {
      const ran = this.ran;
      this.ran = 0;
      await this.queue.settled(ran).catch((err: unknown) => {
        this.options.logger.error({ err, queue: this.queue.name }, 'job queue settle failed');
      });
    }
    if (!error && this.queue.nextDueAt && !this.options.drain && !this.stopped) {
      const next = await this.queue.nextDueAt().catch(() => null);
      const delay = nextWakeDelay(next, this.options.now?.() ?? new Date(), this.options.pollMs);
      // One alarm: the newest knowledge of the next due time replaces the last.
      if (this.alarm) this.clear(this.alarm);
      this.alarm = delay === null ? null : this.later(() => this.wake(), delay);
    }
    for (const w of this.waiters.splice(0)) {
      if (error) w.reject(error.cause);
      else w.resolve();
    }
  }

  private later(fn: () => void, ms: number) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    timer.unref();
    this.timers.add(timer);
    return timer;
  }

  private clear(timer: ReturnType<typeof setTimeout>) {
    clearTimeout(timer);
    this.timers.delete(timer);
  }

  idle(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const settled = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    this.wake();
    return settled;
  }

  async stop() {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await this.looping;
    while (this.running.size) await Promise.all([...this.running.keys()]);
    if (this.renewing) clearInterval(this.renewing);
    this.renewing = null;
    for (const w of this.waiters.splice(0)) w.resolve();
  }
}

/**
 * Starts a queue's worker in this process: a round every `pollMs`, when woken, and at the next
 * due time; `manual`: no rounds at all (a test drains the queue itself).
 */
export function startWorker<J>(queue: Queue<J>, options: WorkerOptions): Worker {
  const loop = new Loop(queue, options);
  if (options.manual)
    return {
      name: queue.name,
      wake: () => {},
      idle: () => Promise.resolve(),
      stop: () => loop.stop(),
    };
  const poll = setInterval(() => loop.wake(), options.pollMs);
  poll.unref();
  return {
    name: queue.name,
    wake: () => loop.wake(),
    idle: () => loop.idle(),
    stop: async () => {
      clearInterval(poll);
      await loop.stop();
    },
  };
}

/**
 * Runs the queue now until nothing is left to claim and every job it claimed has finished (the
 * same claims, concurrency and leases as the worker; a claim that fails throws). Returns how many
 * jobs it claimed.
 */
export async function drain<J>(
  queue: Queue<J>,
  options: Pick<WorkerOptions, 'logger' | 'now'>,
): Promise<number> {
  const loop = new Loop(queue, { ...options, pollMs: 0, drain: true });
  await loop.idle();
  return loop.claimed;
}

/** The NOTIFY channel new job rows are announced on (payload: the table's name; drizzle/0033). */
export const jobsChannel = 'parley_jobs';

/**
 * One LISTEN for every worker of the process: a new row in a queue's table (from any process)
 * wakes that queue's worker; after the listening connection was lost (notifications may have
 * been missed) every worker is woken once.
 */
export function listenForJobs(
  listen: Database['listen'],
  workers: ReadonlyArray<Pick<Worker, 'name' | 'wake'>>,
): Promise<() => Promise<void>> {
  const byName = new Map(workers.map((w) => [w.name, w]));
  return listen(
    jobsChannel,
    (payload) => byName.get(payload)?.wake(),
    (live) => {
      if (live) for (const w of workers) w.wake();
    },
  );
}
