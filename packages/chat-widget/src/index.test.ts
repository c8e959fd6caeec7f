import { afterEach, describe, expect, it, vi } from 'vitest';
import { boot, readyEvent } from './index';

afterEach(() => {
  window.ParleyChat?.destroy();
  delete window.ParleyChatConfig;
});

describe('boot (the script tag)', () => {
  it('does nothing without settings', () => {
    expect(boot()).toBeUndefined();
    expect(window.ParleyChat).toBeUndefined();
  });

  it('runs once per page, exposes window.ParleyChat and fires the ready event', () => {
    window.ParleyChatConfig = { agentUrl: 'https://h/v1', agentKey: 'app-1', agentName: 'Bot' };
    const onReady = vi.fn();
    window.addEventListener(readyEvent, onReady);
    const api = boot()!;
    expect(window.ParleyChat).toBe(api);
    expect(api.ready).toBe(true);
    expect(onReady).toHaveBeenCalledTimes(1);
    expect((onReady.mock.calls[0]![0] as CustomEvent).detail).toBe(api);

    // The snippet pasted twice: the second copy finds the first and adds nothing.
    expect(boot()).toBe(api);
    expect(document.querySelectorAll('parley-chat-widget')).toHaveLength(1);
    expect(onReady).toHaveBeenCalledTimes(1);
    window.removeEventListener(readyEvent, onReady);

    api.destroy();
    expect(window.ParleyChat).toBeUndefined();
    expect(document.querySelectorAll('parley-chat-widget')).toHaveLength(0);
  });

  it('opens from a command', async () => {
    window.ParleyChatConfig = { agentUrl: 'https://h/v1', agentKey: 'app-1', agentName: 'Bot' };
    boot()!.open();
    const shadow = document.querySelector('parley-chat-widget')!.shadowRoot!;
    await vi.waitFor(() => expect(shadow.querySelector('[role=dialog]')).not.toBeNull());
  });
});
