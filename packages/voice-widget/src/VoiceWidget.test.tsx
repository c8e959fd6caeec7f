import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { mountVoiceWidget, type VoiceWidgetHandle } from './mount';
import { normalizeConfig } from './config';
import { VoiceError, type VoiceToken } from './token';
import type { CallOptions } from './callTypes';
import type { VoiceDeps } from './VoiceWidget';

const config = normalizeConfig({
  agentUrl: 'https://h.example/v1',
  agentKey: 'app-k',
  agentName: 'Support',
  agentId: 'support_1',
})!;

let handle: VoiceWidgetHandle | null = null;
afterEach(() => {
  handle?.destroy();
  handle = null;
  document.body.innerHTML = '';
  document.documentElement.lang = '';
});

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup(deps: Partial<VoiceDeps> = {}) {
  const mic = { stop: vi.fn() } as unknown as MediaStreamTrack & { stop: ReturnType<typeof vi.fn> };
  const token = deferred<VoiceToken>();
  const end = vi.fn();
  let options: CallOptions | null = null;
  const startCall = vi.fn(async (o: CallOptions) => {
    options = o;
    return { end };
  });
  const all: VoiceDeps = {
    openMicrophone: vi.fn(async () => mic),
    fetchToken: vi.fn(() => token.promise),
    loadCall: vi.fn(async () => startCall),
    ...deps,
  };
  handle = mountVoiceWidget(config, { deps: all });
  const ui = within(handle.host.shadowRoot!.querySelector('div')!);
  return { ui, mic, token, end, startCall, deps: all, call: () => options! };
}

describe('voice widget', () => {
  it("Talk to Agent → Connecting... → End Call; the agent's arrival; End Call hangs up", async () => {
    const user = userEvent.setup();
    const { ui, token, end, startCall, deps, call, mic } = setup();
    expect(handle!.host.shadowRoot!.querySelector('[style]')).toBeNull();
    await user.click(ui.getByRole('button', { name: 'Talk to Agent' }));
    const connecting = await ui.findByRole('button', { name: 'Connecting...' });
    expect(connecting.getAttribute('aria-disabled')).toBe('true');
    expect(deps.openMicrophone).toHaveBeenCalled();
    // The call script waits for the token: it says which transport (livekit-client or not).
    expect(deps.loadCall).not.toHaveBeenCalled();

    token.resolve({ token: 'jwt', livekit_url: 'wss://lk.example' });
    const endButton = await ui.findByRole('button', { name: 'End Call' });
    expect(deps.loadCall).toHaveBeenCalledWith('livekit');
    expect(startCall.mock.calls[0]![0]).toMatchObject({
      url: 'wss://lk.example',
      token: 'jwt',
      microphone: mic,
    });
    expect(ui.getByRole('status').textContent).toBe('Waiting for Support...');
    call().onAgent('');
    await waitFor(() => expect(ui.getByRole('status').textContent).toBe('In call with Support'));
    call().onAgent('Agent speaking');
    await waitFor(() => expect(ui.getByRole('status').textContent).toBe('Agent speaking'));
    const log = handle!.host.shadowRoot!.querySelector('.log')!;
    expect(call().transcript).toBe(log);
    expect(log.closest('[lang]')!.getAttribute('lang')).toBe('en');
    call().onAgent('');
    await waitFor(() => expect(ui.getByRole('status').textContent).toBe('In call with Support'));

    await user.click(endButton);
    expect(end).toHaveBeenCalled();
    call().onEnded();
    expect(await ui.findByRole('button', { name: 'Talk to Agent' })).toBeTruthy();
    expect(ui.getByRole('status').textContent).toContain('Call ended');
  });

  it('without LiveKit the token names the WebSocket stream: voice-ws.js, never livekit-client, gets its URL', async () => {
    const user = userEvent.setup();
    const { ui, token, startCall, deps, mic } = setup();
    await user.click(ui.getByRole('button', { name: 'Talk to Agent' }));
    const url = 'wss://h.example/voice/stream?token=abc';
    token.resolve({ transport: 'websocket', url, expires_at: '2026-01-01T00:00:00Z' });
    await ui.findByRole('button', { name: 'End Call' });
    expect(deps.loadCall).toHaveBeenCalledTimes(1);
    expect(deps.loadCall).toHaveBeenCalledWith('websocket');
    expect(startCall.mock.calls[0]![0]).toMatchObject({ url, microphone: mic });
  });

  it("shows the server's answer when voice is not configured, and releases the microphone", async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { ui, token, mic, startCall } = setup();
    await user.click(ui.getByRole('button', { name: 'Talk to Agent' }));
    token.reject(new VoiceError('Voice is not configured on this server'));
    expect(await ui.findByText('Voice is not configured on this server')).toBeTruthy();
    expect(ui.getByRole('button', { name: 'Talk to Agent' })).toBeTruthy();
    expect(mic.stop).toHaveBeenCalled();
    expect(startCall).not.toHaveBeenCalled();
    await user.click(ui.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(ui.queryByText('Voice is not configured on this server')).toBeNull(),
    );
    warn.mockRestore();
  });

  it('a refused microphone asks for no token', async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { ui, deps } = setup({
      openMicrophone: vi.fn(async () =>
        Promise.reject(new VoiceError('Microphone access was denied.')),
      ),
    });
    await user.click(ui.getByRole('button', { name: 'Talk to Agent' }));
    expect(await ui.findByText('Microphone access was denied.')).toBeTruthy();
    expect(deps.fetchToken).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it("says 'Failed to connect to agent' when LiveKit cannot be loaded or joined", async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { ui, token } = setup({ loadCall: vi.fn(async () => Promise.reject(new Error('404'))) });
    token.resolve({ token: 't', livekit_url: 'wss://x' });
    await user.click(ui.getByRole('button', { name: 'Talk to Agent' }));
    expect(await ui.findByText('Failed to connect to agent')).toBeTruthy();
    warn.mockRestore();
  });

  it('stands beside the chat launcher when the chat widget is on the page, and speaks French', () => {
    document.body.appendChild(document.createElement('parley-chat-widget'));
    document.documentElement.lang = 'fr';
    const { ui } = setup();
    expect(ui.getByRole('button', { name: "Parler à l'agent" })).toBeTruthy();
    expect(handle!.host.shadowRoot!.querySelector('.root.stacked')).not.toBeNull();
  });
});
