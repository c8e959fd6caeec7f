import type { Scheduler } from '../agents/editor/autosave';

/**
 * A scheduler for stories whose play function would otherwise sit through real debounce timers
 * (the editor's 1–2 s autosave delays): `advance(ms)` moves the clock forward at once, running
 * every timer that falls due in order, the way fake timers do in unit tests. Timers still fire on
 * their own (the story stays usable by hand), but `slowdown` times later than asked: a play
 * function that checks the state between an edit and its save would otherwise race the real
 * timer on a loaded machine (a 1 s debounce can pass while a paste and a tab are processed).
 */
export function storyClock({ slowdown = 10 }: { slowdown?: number } = {}) {
  let offset = 0;
  let nextId = 0;
  const pending = new Map<
    number,
    { at: number; fn: () => void; real: ReturnType<typeof setTimeout> }
  >();
  const now = () => Date.now() + offset;

  const scheduler: Scheduler = {
    now,
    setTimeout(fn, ms) {
      const id = ++nextId;
      const real = globalThis.setTimeout(() => {
        pending.delete(id);
        fn();
      }, ms * slowdown);
      pending.set(id, { at: now() + ms, fn, real });
      return id;
    },
    clearTimeout(handle) {
      const timer = pending.get(handle as number);
      if (!timer) return;
      globalThis.clearTimeout(timer.real);
      pending.delete(handle as number);
    },
  };

  /** Moves the clock `ms` forward, running the timers due by then (earliest first). */
  function advance(ms: number) {
    const until = now() + ms;
    for (;;) {
      let due:
        [number, { at: number; fn: () => void; real: ReturnType<typeof setTimeout> }] | null = null;
      for (const entry of pending) {
        if (entry[1].at <= until && (!due || entry[1].at < due[1].at)) due = entry;
      }
      if (!due) break;
      const [id, timer] = due;
      pending.delete(id);
      globalThis.clearTimeout(timer.real);
      offset += Math.max(0, timer.at - now());
      timer.fn();
    }
    offset += Math.max(0, until - now());
  }

  return { scheduler, advance };
}
