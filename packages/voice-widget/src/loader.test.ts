import { afterEach, describe, expect, it } from 'vitest';
import { loadLivekit } from './loader';

afterEach(() => {
  delete window.ParleyVoiceLivekit;
  document.head.querySelectorAll('script').forEach((s) => s.remove());
});

describe('loadLivekit', () => {
  it('adds voice-livekit.js once (with the nonce) and resolves with its startCall', async () => {
    const first = loadLivekit('https://cdn.example/widget/voice-livekit.js', 'n0nce');
    const again = loadLivekit('https://cdn.example/widget/voice-livekit.js', 'n0nce');
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
    await expect(loadLivekit('https://cdn.example/widget/voice-livekit.js')).resolves.toBe(
      startCall,
    );
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });

  it('fails when the file cannot be loaded, and tries again next time', async () => {
    const failed = loadLivekit('https://cdn.example/missing.js');
    document.head.querySelector('script')!.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow('Failed to load https://cdn.example/missing.js');
    void loadLivekit('https://cdn.example/missing.js').catch(() => undefined);
    expect(document.head.querySelectorAll('script')).toHaveLength(2);
  });
});
