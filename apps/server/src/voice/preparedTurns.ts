import type { PreparedContext, TurnContext } from '../runtime/chat';

interface Preparation {
  query: string;
  ready: Promise<PreparedContext | null>;
  settle: (used: boolean) => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Caller turns read ahead. The voice worker sends the caller's words as soon as the transcriber
 * has them final (`POST /voice/internal/calls/{id}/prepare`), while the framework still waits to
 * be sure the caller has finished (its end-of-turn delay, half a second by default); the call's
 * check, its history and the retrieval for those words are read then, and the turn that asks
 * exactly those words takes them instead of reading them on its critical path. Anything else is
 * read as usual: another query (the caller went on speaking), another process, a preparation
 * older than `ttlMs` or dropped because the call's history changed (an agent line, the end).
 * Passages of a preparation no turn took count no hits.
 */
export class PreparedTurns {
  private readonly byCall = new Map<string, Preparation>();

  constructor(
    private readonly ttlMs = 10_000,
    private readonly maxCalls = 10_000,
  ) {}

  get size() {
    return this.byCall.size;
  }

  /**
   * Reads ahead for the call's coming turn `query` (its earlier preparation is dropped); resolves
   * once read, with whether the read succeeded.
   */
  prepare(
    callId: string,
    query: string,
    read: (turn: { answered: Promise<boolean> }) => Promise<TurnContext>,
  ): Promise<boolean> {
    this.drop(callId);
    if (this.byCall.size >= this.maxCalls) this.drop(this.byCall.keys().next().value!);
    let settle!: (used: boolean) => void;
    const answered = new Promise<boolean>((resolve) => (settle = resolve));
    const ready = read({ answered }).then(
      (context): PreparedContext => ({ context, settle }),
      () => {
        settle(false);
        return null;
      },
    );
    const timer = setTimeout(() => this.drop(callId), this.ttlMs);
    timer.unref?.();
    this.byCall.set(callId, { query, ready, settle, timer });
    return ready.then((prepared) => prepared !== null);
  }

  /**
   * The preparation of exactly this turn, taken once: its context, or null when reading it
   * failed (the turn reads it again, and gets the error itself). Undefined when there is none.
   */
  take(callId: string, query: string): Promise<PreparedContext | null> | undefined {
    const found = this.byCall.get(callId);
    if (!found) return undefined;
    this.byCall.delete(callId);
    clearTimeout(found.timer);
    if (found.query !== query) {
      found.settle(false);
      return undefined;
    }
    return found.ready;
  }

  /** The call's history changed or the call ended: its preparation is of no use any more. */
  drop(callId: string): void {
    const found = this.byCall.get(callId);
    if (!found) return;
    this.byCall.delete(callId);
    clearTimeout(found.timer);
    found.settle(false);
  }
}
