/**
 * The embedded transport's calls at once on this process (PARLEY_EMBEDDED_VOICE_CALLS): a token
 * holds a slot from when it is issued until its socket connects (then the call holds it until
 * the socket closes) or the token expires unused. Past the limit a token is refused (503 with
 * Retry-After), and so is a socket whose token this process did not issue.
 */
export class CallSlots {
  /** Issued tokens not connected yet: nonce → when the token expires (ms). */
  private reserved = new Map<string, number>();
  private active = 0;

  constructor(
    readonly limit: number,
    private readonly now: () => number = Date.now,
  ) {}

  private prune() {
    const now = this.now();
    for (const [nonce, expires] of this.reserved) if (expires <= now) this.reserved.delete(nonce);
  }

  /** Slots taken: live calls and tokens that may still connect. */
  used(): number {
    this.prune();
    return this.active + this.reserved.size;
  }

  /** Calls whose socket is open on this process. */
  live(): number {
    return this.active;
  }

  /** Holds a slot for a new token until `expiresAt`; false when none is free. */
  reserve(nonce: string, expiresAt: number): boolean {
    if (this.used() >= this.limit) return false;
    this.reserved.set(nonce, expiresAt);
    return true;
  }

  /**
   * A token's socket connects: it takes its reserved slot (or a free one: a token another process
   * issued). Answers the function that gives the slot back when the call is over, or null when
   * no slot is free.
   */
  admit(nonce: string): (() => void) | null {
    this.prune();
    if (!this.reserved.delete(nonce) && this.active + this.reserved.size >= this.limit) return null;
    this.active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
    };
  }

  /** Seconds until a slot may free up: the earliest reservation's expiry, else 30 s (a call's turn). */
  retryAfterSeconds(): number {
    this.prune();
    const now = this.now();
    const soonest = Math.min(...this.reserved.values());
    return Number.isFinite(soonest) ? Math.max(1, Math.ceil((soonest - now) / 1000)) : 30;
  }
}
