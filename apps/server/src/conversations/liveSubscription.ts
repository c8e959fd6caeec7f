/** What a live stream needs of hono's SSE stream: to hear that the client went away. */
export interface AbortableStream {
  onAbort(listener: () => void | Promise<void>): void;
}

/**
 * A live stream's subscription to the conversation bus and its wait between events: `subscribe`
 * gets a wake-up to call when an event arrives and returns its unsubscribe, which runs when the
 * client goes away (waking the wait) and at `close()`. `idle(ms)` waits for the next wake-up or
 * `ms` (the keep-alive), whichever comes first.
 */
export class LiveSubscription {
  private resume: () => void = () => undefined;
  private readonly unsubscribe: () => void;

  constructor(out: AbortableStream, subscribe: (wake: () => void) => () => void) {
    this.unsubscribe = subscribe(() => this.resume());
    out.onAbort(() => {
      this.unsubscribe();
      this.resume();
    });
  }

  async idle(ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      this.resume = resolve;
      timer = setTimeout(resolve, ms);
    });
    clearTimeout(timer);
    this.resume = () => undefined;
  }

  close(): void {
    this.unsubscribe();
  }
}
