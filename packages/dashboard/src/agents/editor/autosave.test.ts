// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  autosaveStatusText,
  createAutosave,
  type Autosave,
  type SaveChannel,
  type SaveResult,
} from './autosave';

/** A save we resolve or reject by hand. */
function deferredSaves() {
  const calls: Array<{
    channel: SaveChannel;
    resolve: (r?: SaveResult) => void;
    reject: (e: unknown) => void;
  }> = [];
  const save = vi.fn(
    (channel: SaveChannel) =>
      new Promise<SaveResult>((resolve, reject) => {
        calls.push({ channel, resolve, reject });
      }),
  );
  return { save, calls };
}

const flushPromises = () => vi.advanceTimersByTimeAsync(0);
let machines: Autosave[] = [];
function make(options: Parameters<typeof createAutosave>[0]) {
  const m = createAutosave(options);
  machines.push(m);
  return m;
}
const text = (m: Autosave) => autosaveStatusText(m.getSnapshot());

beforeEach(() => {
  vi.useFakeTimers();
  machines = [];
});
afterEach(() => {
  machines.forEach((m) => m.dispose());
  vi.useRealTimers();
});

describe('autosaveStatusText (spec §4)', () => {
  it('words every state exactly', () => {
    expect(autosaveStatusText({ status: 'idle', dirty: false, error: null })).toBe('Ready');
    expect(autosaveStatusText({ status: 'idle', dirty: true, error: null })).toBe(
      'Unsaved changes',
    );
    expect(autosaveStatusText({ status: 'saving', dirty: false, error: null })).toBe(
      'Auto-saving...',
    );
    expect(autosaveStatusText({ status: 'saved', dirty: false, error: null })).toBe(
      'All changes saved',
    );
    expect(autosaveStatusText({ status: 'saved', dirty: true, error: null })).toBe(
      'Changes detected',
    );
    expect(autosaveStatusText({ status: 'error', dirty: false, error: 'HTTP 500' })).toBe(
      'Save failed: HTTP 500',
    );
    expect(autosaveStatusText({ status: 'error', dirty: false, error: '' })).toBe(
      'Save failed: Unknown error',
    );
    expect(autosaveStatusText({ status: 'error', dirty: false, error: null })).toBe(
      'Save failed: Unknown error',
    );
  });
});

describe('given a change on each channel', () => {
  it.each([
    ['model', 2000],
    ['prompt', 2000],
    ['local', 1000],
    ['knowledge', 500],
  ] as const)('saves %s %i ms after the last change', async (channel, delay) => {
    const { save } = deferredSaves();
    const m = make({ save });
    m.change(channel);
    expect(text(m)).toBe('Unsaved changes');
    vi.advanceTimersByTime(delay - 1);
    expect(save).not.toHaveBeenCalled();
    m.change(channel); // typing again restarts the timer
    vi.advanceTimersByTime(delay - 1);
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(save).toHaveBeenCalledWith(channel);
    expect(text(m)).toBe('Auto-saving...');
  });
});

describe('given a save in progress', () => {
  it('runs one save at a time, skipping others, then re-arms the skipped one', async () => {
    const { save, calls } = deferredSaves();
    const m = make({ save });
    m.change('knowledge');
    vi.advanceTimersByTime(500);
    expect(m.getSnapshot().savingChannel).toBe('knowledge');
    m.change('local');
    vi.advanceTimersByTime(1000);
    expect(save).toHaveBeenCalledTimes(1); // local was skipped
    expect(m.isPending('local')).toBe(true);
    calls[0]!.resolve();
    await flushPromises();
    expect(text(m)).toBe('Changes detected');
    vi.advanceTimersByTime(1000);
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith('local');
    calls[1]!.resolve();
    await flushPromises();
    expect(text(m)).toBe('All changes saved');
  });

  it('given cancel › drops the pending save (model provider change)', () => {
    const { save } = deferredSaves();
    const m = make({ save });
    m.change('model');
    m.cancel('model');
    vi.advanceTimersByTime(5000);
    expect(save).not.toHaveBeenCalled();
    expect(text(m)).toBe('Ready');
  });
});

describe('given a successful save', () => {
  it('records the time, shows the message and clears it after 4 s', async () => {
    vi.setSystemTime(new Date('2025-01-01T10:00:00Z'));
    const { save, calls } = deferredSaves();
    const m = make({ save });
    void m.flush('prompt');
    calls[0]!.resolve({ message: 'Prompt saved successfully' });
    await flushPromises();
    const s = m.getSnapshot();
    expect(s.status).toBe('saved');
    expect(s.lastSavedAt).toBe(new Date('2025-01-01T10:00:00Z').getTime());
    expect(s.message).toEqual({ tone: 'success', text: 'Prompt saved successfully' });
    vi.advanceTimersByTime(3999);
    expect(m.getSnapshot().message).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(m.getSnapshot().message).toBeNull();
  });

  it('given a partial save (a field left out) › not the last save', async () => {
    const { save, calls } = deferredSaves();
    const m = make({ save });
    void m.flush('local');
    calls[0]!.resolve({ partial: true });
    await flushPromises();
    expect(m.getSnapshot()).toMatchObject({ status: 'saved', lastSavedAt: null });
    const blocked = 'Not saved: Model Live URL must be a web address';
    // The strip says what is not saved, never 'All changes saved' beside it.
    expect(autosaveStatusText(m.getSnapshot(), blocked)).toBe(blocked);
    expect(autosaveStatusText({ status: 'idle', dirty: true, error: null }, blocked)).toBe(blocked);
    expect(autosaveStatusText({ status: 'saving', dirty: false, error: null }, blocked)).toBe(
      'Auto-saving...',
    );
  });

  it('shows success at most once every 2 s', async () => {
    const { save, calls } = deferredSaves();
    const m = make({ save });
    void m.flush('prompt');
    calls[0]!.resolve({ message: 'Prompt saved successfully' });
    await flushPromises();
    m.dismissMessage();
    vi.advanceTimersByTime(1500);
    void m.flush('model');
    calls[1]!.resolve({ message: 'Model configuration saved successfully' });
    await flushPromises();
    expect(m.getSnapshot().message).toBeNull();
    vi.advanceTimersByTime(500);
    void m.flush('model');
    calls[2]!.resolve({ message: 'Model configuration saved successfully' });
    await flushPromises();
    expect(m.getSnapshot().message?.text).toBe('Model configuration saved successfully');
  });
});

describe('given a failed save', () => {
  it("shows 'Save failed: {error}' and clears the message after 6 s", async () => {
    const { save, calls } = deferredSaves();
    const m = make({ save });
    void m.flush('local');
    calls[0]!.reject(new Error('HTTP 500: Internal Server Error'));
    await flushPromises();
    expect(text(m)).toBe('Save failed: HTTP 500: Internal Server Error');
    expect(m.getSnapshot().message).toEqual({
      tone: 'error',
      text: 'Save failed: HTTP 500: Internal Server Error',
    });
    vi.advanceTimersByTime(5999);
    expect(m.getSnapshot().message).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(m.getSnapshot().message).toBeNull();
    expect(text(m)).toBe('Save failed: HTTP 500: Internal Server Error');
  });

  it("given no reason › 'Save failed: Unknown error'", async () => {
    const { save, calls } = deferredSaves();
    const m = make({ save });
    void m.flush('local');
    calls[0]!.reject(undefined);
    await flushPromises();
    expect(text(m)).toBe('Save failed: Unknown error');
  });

  it('uses describeError for the channel’s own texts', async () => {
    const { save, calls } = deferredSaves();
    const m = make({
      save,
      describeError: (_c, e) => ({
        reason: String((e as Error).message),
        message: `Failed to save prompt: ${(e as Error).message}`,
      }),
    });
    void m.flush('prompt');
    calls[0]!.reject(new Error('App not found'));
    await flushPromises();
    expect(m.getSnapshot().message?.text).toBe('Failed to save prompt: App not found');
  });
});

describe('banners and the provider guard', () => {
  it('clears a banner after 5000 ms', () => {
    const m = make({ save: async () => {} });
    m.showBanner('info', 'Publishing...');
    vi.advanceTimersByTime(4999);
    expect(m.getSnapshot().banner).toEqual({ tone: 'info', text: 'Publishing...' });
    vi.advanceTimersByTime(1);
    expect(m.getSnapshot().banner).toBeNull();
  });

  it('marks a provider change for 300 ms', () => {
    const m = make({ save: async () => {} });
    m.beginProviderChange();
    expect(m.getSnapshot().providerChanging).toBe(true);
    vi.advanceTimersByTime(299);
    expect(m.getSnapshot().providerChanging).toBe(true);
    vi.advanceTimersByTime(1);
    expect(m.getSnapshot().providerChanging).toBe(false);
  });

  it('notifies subscribers; dispose drops pending saves and timers', () => {
    const save = vi.fn(async () => {});
    const m = make({ save });
    const listener = vi.fn();
    const unsubscribe = m.subscribe(listener);
    m.change('local');
    m.showBanner('error', 'x');
    expect(listener).toHaveBeenCalled();
    m.dispose();
    unsubscribe();
    listener.mockClear();
    vi.advanceTimersByTime(6000);
    expect(save).not.toHaveBeenCalled();
    expect(listener).not.toHaveBeenCalled();
  });
});
