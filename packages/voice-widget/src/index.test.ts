import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { boot, readyEvent } from './index';

afterEach(() => {
  window.ParleyVoice?.destroy();
  delete window.ParleyVoiceConfig;
});
// Preact runs effects after paint (an animation frame, or a 35 ms timer that then cancels the
// frame): let the last ones run while the page's globals still exist.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 100)));

describe('voice boot', () => {
  it('runs once per page and fires the ready event', () => {
    window.ParleyVoiceConfig = { agentUrl: 'https://h', agentKey: 'app-1', agentName: 'bot' };
    const onReady = vi.fn();
    window.addEventListener(readyEvent, onReady);
    boot();
    boot();
    expect(document.querySelectorAll('parley-voice-widget')).toHaveLength(1);
    expect(onReady).toHaveBeenCalledTimes(1);
    window.removeEventListener(readyEvent, onReady);
    expect(Object.keys(window.ParleyVoice!).sort()).toEqual(['call', 'destroy', 'end', 'host']);
    window.ParleyVoice!.destroy();
    expect(window.ParleyVoice).toBeUndefined();
    expect(document.querySelectorAll('parley-voice-widget')).toHaveLength(0);
  });
});
