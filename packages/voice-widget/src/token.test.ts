import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchVoiceToken, openMicrophone, VoiceError, voiceErrorMessage } from './token';

afterEach(() => vi.unstubAllGlobals());

const config = { voiceUrl: 'https://h.example', agentId: 'bot_1', agentKey: 'app-k' };

describe('voiceErrorMessage (spec §8)', () => {
  it('is null for a usable answer', () => {
    expect(voiceErrorMessage(200, { token: 't', livekit_url: 'wss://lk' })).toBeNull();
    // Without LiveKit: the server's own WebSocket stream.
    const url = 'wss://h.example/voice/stream?token=x';
    expect(voiceErrorMessage(200, { transport: 'websocket', url })).toBeNull();
    expect(voiceErrorMessage(200, { transport: 'websocket', token: 't' })).toBe(
      'Invalid response: missing token or livekit_url',
    );
  });
  it("says 'Invalid response: missing token or livekit_url' for an OK answer without them", () => {
    expect(voiceErrorMessage(200, { token: 't' })).toBe(
      'Invalid response: missing token or livekit_url',
    );
    expect(voiceErrorMessage(200, null)).toBe('Invalid response: missing token or livekit_url');
  });
  it("uses the server's detail, else its message, else HTTP {status}", () => {
    expect(voiceErrorMessage(503, { detail: 'Voice is not configured', message: 'x' })).toBe(
      'Voice is not configured',
    );
    expect(voiceErrorMessage(401, { message: 'Bad key' })).toBe('Bad key');
    expect(voiceErrorMessage(422, { detail: [{ msg: 'field required' }] })).toBe('HTTP 422');
    expect(voiceErrorMessage(500, 'oops')).toBe('HTTP 500');
  });
  it("says 'Failed to connect to agent' when there is no answer", () => {
    expect(voiceErrorMessage(null, null)).toBe('Failed to connect to agent');
    expect(voiceErrorMessage(null, null, 'Impossible')).toBe('Impossible');
  });
});

describe('fetchVoiceToken', () => {
  it('posts to {voice backend}/tokens/generate with the key as bearer token', async () => {
    const fetch = vi.fn(async (_u: string, _i: RequestInit) =>
      Response.json({ token: 't', livekit_url: 'wss://lk', room_name: 'r' }),
    );
    vi.stubGlobal('fetch', fetch);
    await expect(fetchVoiceToken(config)).resolves.toMatchObject({ token: 't', room_name: 'r' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://h.example/voice/tokens/generate?agent_name=bot_1');
    expect(init).toMatchObject({ method: 'POST', headers: { Authorization: 'Bearer app-k' } });
  });

  it('visitors never see the server set-up text: a neutral line, the detail kept for the log', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { detail: 'Voice is not configured on this server: set LIVEKIT_URL, LIVEKIT_API_KEY' },
          { status: 503 },
        ),
      ),
    );
    const error = await fetchVoiceToken(config, { failed: 'Failed to connect to agent' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(VoiceError);
    expect((error as VoiceError).message).toBe('Failed to connect to agent');
    expect((error as VoiceError).message).not.toMatch(/LIVEKIT/);
    expect((error as VoiceError).detail).toMatch(/LIVEKIT_URL/);
  });

  it("a site refused by Allowed Origins: 'This site is not allowed to use this agent'", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { error: 'This site is not allowed to use this agent', code: 'origin_not_allowed' },
          { status: 403 },
        ),
      ),
    );
    await expect(
      fetchVoiceToken(config, {
        failed: 'Failed to connect to agent',
        notAllowed: 'This site is not allowed to use this agent',
      }),
    ).rejects.toThrow('This site is not allowed to use this agent');
  });

  it('maps a network or CORS failure, and a non-JSON error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(fetchVoiceToken(config)).rejects.toThrow('Failed to connect to agent');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 502 })),
    );
    await expect(fetchVoiceToken(config)).rejects.toThrow('Failed to connect to agent');
  });
});

describe('openMicrophone', () => {
  const stubMedia = (getUserMedia: () => Promise<unknown>) =>
    vi.stubGlobal('navigator', { mediaDevices: { getUserMedia } });

  it('returns the audio track', async () => {
    const track = { kind: 'audio' };
    stubMedia(async () => ({ getAudioTracks: () => [track] }));
    await expect(openMicrophone('denied', 'missing')).resolves.toBe(track);
  });

  it('tells a refusal from a missing microphone', async () => {
    stubMedia(async () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')));
    await expect(openMicrophone('denied', 'missing')).rejects.toThrow('denied');
    stubMedia(async () => Promise.reject(new DOMException('none', 'NotFoundError')));
    await expect(openMicrophone('denied', 'missing')).rejects.toThrow('missing');
    vi.stubGlobal('navigator', {});
    await expect(openMicrophone('denied', 'missing')).rejects.toThrow('missing');
  });
});
