import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TurnContext } from '../runtime/chat';
import { PreparedTurns } from './preparedTurns';

const context: TurnContext = {
  history: [{ role: 'user', content: 'Hi' }],
  passages: [{ content: 'We open at eight.', source: 'hours.md' }],
};

/** A read that records the bookkeeping promise it was given (`answered`). */
function reader(result: Promise<TurnContext> = Promise.resolve(context)) {
  const seen: { answered?: Promise<boolean> } = {};
  const read = (turn: { answered: Promise<boolean> }) => {
    seen.answered = turn.answered;
    return result;
  };
  return { read, seen };
}

describe('PreparedTurns', () => {
  afterEach(() => vi.useRealTimers());

  it('given the same words › the turn takes the context once; its answer marks the passages used', async () => {
    const turns = new PreparedTurns();
    const { read, seen } = reader();
    turns.prepare('call-1', 'what are your opening hours', read);
    const prepared = await turns.take('call-1', 'what are your opening hours');
    expect(prepared?.context).toEqual(context);
    expect(turns.take('call-1', 'what are your opening hours')).toBeUndefined();
    prepared!.settle(true);
    await expect(seen.answered).resolves.toBe(true);
  });

  it('given other words (the caller went on) › nothing is taken and no passage counts as used', async () => {
    const turns = new PreparedTurns();
    const { read, seen } = reader();
    turns.prepare('call-1', 'what are your', read);
    expect(turns.take('call-1', 'what are your opening hours')).toBeUndefined();
    await expect(seen.answered).resolves.toBe(false);
    expect(turns.size).toBe(0);
  });

  it('a newer preparation of the call replaces the older; other calls keep theirs', async () => {
    const turns = new PreparedTurns();
    const first = reader();
    turns.prepare('call-1', 'what are your', first.read);
    turns.prepare('call-2', 'hello', reader().read);
    turns.prepare('call-1', 'what are your opening hours', reader().read);
    await expect(first.seen.answered).resolves.toBe(false);
    expect(turns.take('call-1', 'what are your')).toBeUndefined();
    expect(await turns.take('call-2', 'hello')).not.toBeNull();
  });

  it('given the history changed (drop) or the time limit passed › the turn reads again', async () => {
    // Real timers (this worker's other files share the clock: isolate is off), a short limit.
    const turns = new PreparedTurns(60);
    const dropped = reader();
    turns.prepare('call-1', 'hi', dropped.read);
    turns.drop('call-1');
    await expect(dropped.seen.answered).resolves.toBe(false);
    expect(turns.take('call-1', 'hi')).toBeUndefined();

    const stale = reader();
    const started = performance.now();
    turns.prepare('call-1', 'hi', stale.read);
    expect(turns.size).toBe(1);
    await vi.waitUntil(() => turns.size === 0, { timeout: 5000, interval: 5 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
    expect(turns.take('call-1', 'hi')).toBeUndefined();
    await expect(stale.seen.answered).resolves.toBe(false);
  });

  it('given a read that failed › the turn gets null (it reads again itself) and nothing is counted', async () => {
    const turns = new PreparedTurns();
    const { read, seen } = reader(Promise.reject(new Error('Conversation Not Exists.')));
    turns.prepare('call-1', 'hi', read);
    await expect(turns.take('call-1', 'hi')).resolves.toBeNull();
    await expect(seen.answered).resolves.toBe(false);
  });

  it('keeps at most maxCalls preparations, dropping the oldest', async () => {
    const turns = new PreparedTurns(10_000, 2);
    const oldest = reader();
    turns.prepare('a', 'x', oldest.read);
    turns.prepare('b', 'x', reader().read);
    turns.prepare('c', 'x', reader().read);
    expect(turns.size).toBe(2);
    await expect(oldest.seen.answered).resolves.toBe(false);
    expect(turns.take('a', 'x')).toBeUndefined();
  });
});
