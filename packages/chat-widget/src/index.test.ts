import { afterEach, describe, expect, it, vi } from 'vitest';
import { boot, mountTimeout, readyEvent } from './index';

afterEach(() => {
  window.ParleyChat?.destroy();
  delete window.ParleyChatConfig;
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const settings = { agentUrl: 'https://h/v1', agentKey: 'app-1', agentName: 'Bot' };
const host = () => document.querySelector('parley-chat-widget');
const dialog = () => host()?.shadowRoot?.querySelector('[role=dialog]') ?? null;

describe('boot (the script tag)', () => {
  it('does nothing without settings', () => {
    expect(boot()).toBeUndefined();
    expect(window.ParleyChat).toBeUndefined();
  });

  it('runs once per page, exposes window.ParleyChat and fires the ready event', async () => {
    window.ParleyChatConfig = settings;
    const onReady = vi.fn();
    window.addEventListener(readyEvent, onReady);
    const api = boot()!;
    expect(window.ParleyChat).toBe(api);
    await vi.waitFor(() => expect(api.ready).toBe(true));
    expect(onReady).toHaveBeenCalledTimes(1);
    expect((onReady.mock.calls[0]![0] as CustomEvent).detail).toBe(api);

    // The snippet pasted twice: the second copy finds the first and adds nothing.
    expect(boot()).toBe(api);
    await new Promise((r) => setTimeout(r, 10));
    expect(document.querySelectorAll('parley-chat-widget')).toHaveLength(1);
    expect(onReady).toHaveBeenCalledTimes(1);
    window.removeEventListener(readyEvent, onReady);

    api.destroy();
    expect(window.ParleyChat).toBeUndefined();
    expect(document.querySelectorAll('parley-chat-widget')).toHaveLength(0);
  });

  it('mounts when the main thread is idle, not while the script runs', () => {
    const idle: Array<{ task: () => void; timeout?: number }> = [];
    vi.stubGlobal('requestIdleCallback', (task: () => void, o?: { timeout?: number }) =>
      idle.push({ task, timeout: o?.timeout }),
    );
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    window.ParleyChatConfig = settings;
    const onReady = vi.fn();
    window.addEventListener(readyEvent, onReady);
    const api = boot()!;
    expect(api.ready).toBe(false);
    expect(host()).toBeNull();
    expect(idle).toHaveLength(1);
    expect(idle[0]!.timeout).toBe(mountTimeout);

    idle[0]!.task();
    expect(api.ready).toBe(true);
    expect(onReady).toHaveBeenCalledTimes(1);
    expect(host()!.shadowRoot!.querySelector('button')!.getAttribute('aria-label')).toBe(
      'Open chat',
    );
    window.removeEventListener(readyEvent, onReady);
  });

  it('opens from a command', async () => {
    window.ParleyChatConfig = settings;
    boot()!.open();
    await vi.waitFor(() => expect(dialog()).not.toBeNull());
  });

  it('open() and toggle() before the idle mount mount the widget at once, open', async () => {
    vi.useFakeTimers();
    window.ParleyChatConfig = settings;
    const onReady = vi.fn();
    window.addEventListener(readyEvent, onReady);
    const api = boot()!;
    expect(host()).toBeNull();
    api.open();
    expect(api.ready).toBe(true);
    expect(onReady).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(dialog()).not.toBeNull());
    // The scheduled mount does not mount a second one.
    vi.runAllTimers();
    expect(document.querySelectorAll('parley-chat-widget')).toHaveLength(1);
    expect(onReady).toHaveBeenCalledTimes(1);
    api.close();
    await vi.waitFor(() => expect(dialog()).toBeNull());
    api.destroy();

    const again = boot()!;
    again.toggle();
    await vi.waitFor(() => expect(dialog()).not.toBeNull());
    again.toggle();
    await vi.waitFor(() => expect(dialog()).toBeNull());
    window.removeEventListener(readyEvent, onReady);
  });

  it('close() before the idle mount leaves it closed; destroy() before it cancels it', () => {
    vi.useFakeTimers();
    window.ParleyChatConfig = settings;
    const onReady = vi.fn();
    window.addEventListener(readyEvent, onReady);
    const api = boot()!;
    api.close();
    expect(host()).toBeNull();
    vi.runAllTimers();
    expect(api.ready).toBe(true);
    expect(dialog()).toBeNull();
    expect(host()).not.toBeNull();
    api.destroy();

    const gone = boot()!;
    gone.destroy();
    vi.runAllTimers();
    expect(host()).toBeNull();
    expect(gone.ready).toBe(false);
    expect(onReady).toHaveBeenCalledTimes(1);
    window.removeEventListener(readyEvent, onReady);
  });
});
