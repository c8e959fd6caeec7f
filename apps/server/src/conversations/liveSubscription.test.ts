import { describe, expect, it } from 'vitest';
import { LiveSubscription } from './liveSubscription';

function stream() {
  const listeners: Array<() => void> = [];
  return {
    onAbort: (l: () => void) => void listeners.push(l),
    abort: () => listeners.forEach((l) => l()),
  };
}

describe('LiveSubscription', () => {
  it('an event wakes the wait before its time; the wait ends at its time without one', async () => {
    let wake: () => void = () => undefined;
    const live = new LiveSubscription(stream(), (w) => {
      wake = w;
      return () => undefined;
    });
    const waited = live.idle(60_000);
    wake();
    await waited;
    await live.idle(1);
    wake(); // no wait open: nothing happens
  });

  it('the client going away unsubscribes and ends the wait; close unsubscribes', async () => {
    const out = stream();
    let unsubscribed = 0;
    const live = new LiveSubscription(out, () => () => (unsubscribed += 1));
    const waited = live.idle(60_000);
    out.abort();
    await waited;
    expect(unsubscribed).toBe(1);
    live.close();
    expect(unsubscribed).toBe(2);
  });
});
