import { afterEach, describe, expect, it } from 'vitest';
import { loadCall } from './loader';

afterEach(() => {
  delete window.ParleyVoiceLivekit;
  delete window.ParleyVoiceWs;
  document.head.querySelectorAll('script').forEach((s) => s.remove());
});

const base = 'https://cdn.example/widget/voice.js';

describe('loadCall', () => {
  it('adds voice-livekit.js next to the first script once (with the nonce) and resolves with its startCall', async () => {
    const first = loadCall('livekit', base, 'n0nce');
    const again = loadCall('livekit', base, 'n0nce');
    const scripts = document.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.src).toBe('https://cdn.example/widget/voice-livekit.js');
    expect(scripts[0]!.nonce).toBe('n0nce');
    const startCall = async () => ({ end: () => undefined });
    window.ParleyVoiceLivekit = { startCall };
    scripts[0]!.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(startCall);
    await expect(again).resolves.toBe(startCall);
    // Loaded: no second script.
    await expect(loadCall('livekit', base)).resolves.toBe(startCall);
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });

  it('a WebSocket call loads voice-ws.js instead (never livekit-client)', async () => {
    const loading = loadCall('websocket', base);
    const scripts = document.head.querySelectorAll('script');
    expect([...scripts].map((s) => s.src)).toEqual(['https://cdn.example/widget/voice-ws.js']);
    const startCall = async () => ({ end: () => undefined });
    window.ParleyVoiceWs = { startCall };
    scripts[0]!.dispatchEvent(new Event('load'));
    await expect(loading).resolves.toBe(startCall);
  });

  it('fails when the file cannot be loaded, and tries again next time', async () => {
    const failed = loadCall('livekit', 'https://cdn.example/missing/');
    document.head.querySelector('script')!.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow(
      'Failed to load https://cdn.example/missing/voice-livekit.js',
    );
    void loadCall('livekit', 'https://cdn.example/missing/').catch(() => undefined);
    expect(document.head.querySelectorAll('script')).toHaveLength(2);
  });
});
