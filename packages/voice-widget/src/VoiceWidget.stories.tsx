import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  customColor,
  rgb,
  ShadowHost,
  shadowWidget,
  textColour,
} from '../../../.storybook/widgetStory';
import { useState } from 'react';
import { expect, fn, spyOn, userEvent, waitFor } from 'storybook/test';
import type { CallOptions, StartCall } from './callTypes';
import { normalizeConfig } from './config';
import { voiceLabels } from './i18n';
import { hostTag } from './mount';
import { adoptStyles, themeCss, voiceCss } from './styles';
import { fetchVoiceToken, openMicrophone, type VoiceToken } from './token';
import { tokenUrl } from './voiceUrl';
import { adoptTranscriptStyles, renderTranscript, stateText } from './transcript';
import { VoiceWidget, type VoiceController, type VoiceDeps } from './VoiceWidget';

/**
 * The voice widget's states, rendered as mount.tsx renders it (a shadow root on a
 * <parley-voice-widget> host with the widget's stylesheet adopted there), but by React
 * (Storybook's renderer) and with the microphone, the token request and the LiveKit chunk
 * injected: no request leaves the page and no microphone is opened.
 */

// ---------- the story frame ----------

const labels = voiceLabels.en!;
/** What the server answers when LiveKit is not set up (apps/server/src/routes/voiceToken.ts). */
const voiceNotConfigured =
  'Voice is not configured on this server: set LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET and restart it.';

const settings = {
  agentUrl: 'https://agents.example.com/v1',
  agentKey: 'app-story-key',
  agentId: 'support_123e4567_e89b_12d3_a456_426614174000',
};

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * The widget's dependencies, faked: a microphone track, a token request the play function
 * answers, and a LiveKit chunk whose call the play function drives (the agent joins, leaves).
 */
function fakeCall(overrides: Partial<VoiceDeps> = {}) {
  const microphone = { kind: 'audio', stop: fn() } as unknown as MediaStreamTrack;
  const token = deferred<VoiceToken>();
  let options: CallOptions | null = null;
  const end = fn(() => options?.onEnded());
  const startCall = fn<StartCall>(async (o) => {
    options = o;
    return { end };
  });
  const deps: VoiceDeps = {
    openMicrophone: fn(async () => microphone),
    fetchToken: fn(() => token.promise),
    loadCall: fn(async () => startCall),
    ...overrides,
  };
  const call = () =>
    waitFor(() => {
      if (!options) throw new Error('no call started yet');
      return options;
    });
  return { deps, microphone, token, startCall, end, call };
}
type FakeCall = ReturnType<typeof fakeCall>;

interface VoiceStoryArgs {
  agentName: string;
  primaryColor: string;
  /** The chat launcher is on the page too: the call button stands beside it. */
  stacked: boolean;
}

function VoiceWidgetStory({
  agentName,
  primaryColor,
  stacked,
  deps,
}: VoiceStoryArgs & { deps: VoiceDeps }) {
  const config = normalizeConfig({ ...settings, agentName, primaryColor })!;
  const [controller] = useState<VoiceController>(() => ({}));
  return (
    <ShadowHost tag={hostTag} adopt={adoptStyles} css={[voiceCss, themeCss(config.primaryColor)]}>
      <VoiceWidget
        config={config}
        labels={labels}
        deps={deps}
        controller={controller}
        stacked={stacked}
      />
    </ShadowHost>
  );
}

const widget = (canvasElement: HTMLElement) => shadowWidget(canvasElement, hostTag);

const meta = {
  title: 'Widgets/Voice widget',
  args: { agentName: 'Support', primaryColor: '#667eea', stacked: false },
  argTypes: { primaryColor: { control: 'color' } },
  parameters: { layout: 'fullscreen' },
  loaders: [() => ({ voice: fakeCall() })],
  render: (args, { loaded }) => (
    <VoiceWidgetStory {...args} deps={(loaded.voice as FakeCall).deps} />
  ),
} satisfies Meta<VoiceStoryArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The same state with a custom primary colour. */
const withCustomColour = (story: Story): Story => ({
  ...story,
  args: { ...story.args, primaryColor: customColor },
});

/** Idle: 'Talk to Agent', bottom-right in the primary colour; nothing asked for yet. */
export const Idle: Story = {
  play: async ({ canvasElement, args, loaded }) => {
    const { host, root, ui } = widget(canvasElement);
    const { deps } = loaded.voice as FakeCall;
    const button = ui.getByRole('button', { name: labels.talk });
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('aria-disabled', 'false');
    await expect(getComputedStyle(button).backgroundColor).toBe(rgb(args.primaryColor));
    await expect(getComputedStyle(button).color).toBe(textColour(args.primaryColor));
    const box = root.getBoundingClientRect();
    await expect(Math.round(window.innerWidth - box.right)).toBe(20);
    await expect(Math.round(window.innerHeight - box.bottom)).toBe(20);
    await expect(ui.getByRole('status')).toHaveTextContent('');
    await expect(deps.openMicrophone).not.toHaveBeenCalled();
    await expect(deps.loadCall).not.toHaveBeenCalled();
    // Storybook renders the widget with real React (the bundles use preact).
    await expect(Object.keys(button).some((k) => k.startsWith('__reactFiber$'))).toBe(true);
    await expect(host.getAttribute('style')).toBeNull();
  },
};
export const IdleCustomColor = withCustomColour(Idle);

/**
 * Microphone granted, waiting for the token (the call script loads once the token says which
 * transport: livekit-client only for a LiveKit call).
 */
export const Connecting: Story = {
  play: async ({ canvasElement, loaded }) => {
    const { ui } = widget(canvasElement);
    const { deps } = loaded.voice as FakeCall;
    await userEvent.click(ui.getByRole('button', { name: labels.talk }));
    const button = await ui.findByRole('button', { name: labels.connecting });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await waitFor(() => expect(deps.fetchToken).toHaveBeenCalledTimes(1));
    await expect(deps.openMicrophone).toHaveBeenCalledTimes(1);
    await expect(deps.loadCall).not.toHaveBeenCalled();
    // A second press while connecting starts nothing.
    await userEvent.click(button);
    await expect(deps.openMicrophone).toHaveBeenCalledTimes(1);
    await expect(ui.getByRole('button', { name: labels.connecting })).toBeVisible();
  },
};
export const ConnectingCustomColor = withCustomColour(Connecting);

/** In a call: End Call; 'Waiting for …' until the agent joins, then 'In call with …'. */
export const InCall: Story = {
  play: async ({ canvasElement, loaded }) => {
    const { ui } = widget(canvasElement);
    const { token, startCall, microphone, call, end } = loaded.voice as FakeCall;
    token.resolve({ token: 'story-jwt', livekit_url: 'wss://livekit.example.com' });
    await userEvent.click(ui.getByRole('button', { name: labels.talk }));
    const endButton = await ui.findByRole('button', { name: labels.end });
    await expect(endButton).toBeVisible();
    await expect(endButton).toHaveClass('end');
    await expect(getComputedStyle(endButton).backgroundColor).toBe('rgb(220, 38, 38)');
    await expect(startCall).toHaveBeenCalledWith(
      expect.objectContaining({
        url: 'wss://livekit.example.com',
        token: 'story-jwt',
        microphone,
      }),
    );
    await expect(ui.getByRole('status')).toHaveTextContent('Waiting for Support...');
    (await call()).onAgent('');
    await waitFor(() => expect(ui.getByRole('status')).toHaveTextContent('In call with Support'));
    await expect(end).not.toHaveBeenCalled();
  },
};
export const InCallCustomColor = withCustomColour(InCall);

/**
 * In a call over the server's own WebSocket stream (no LiveKit): the token names the stream, the
 * WebSocket call script is loaded (not livekit-client), and the call looks the same.
 */
export const InCallWebSocket: Story = {
  play: async ({ canvasElement, loaded }) => {
    const { ui } = widget(canvasElement);
    const { token, startCall, microphone, call, deps } = loaded.voice as FakeCall;
    const url = 'wss://agents.example.com/voice/stream?token=story';
    token.resolve({ transport: 'websocket', url, expires_at: '2026-01-01T00:00:00.000Z' });
    await userEvent.click(ui.getByRole('button', { name: labels.talk }));
    await expect(await ui.findByRole('button', { name: labels.end })).toBeVisible();
    await expect(deps.loadCall).toHaveBeenCalledWith('websocket');
    await expect(startCall).toHaveBeenCalledWith(expect.objectContaining({ url, microphone }));
    (await call()).onAgent(stateText('en', 'listening')!);
    await waitFor(() => expect(ui.getByRole('status')).toHaveTextContent('Listening'));
  },
};
export const InCallWebSocketCustomColor = withCustomColour(InCallWebSocket);

/** In a call with the agent speaking: its state in the bubble, the running transcript above. */
export const InCallWithTranscript: Story = {
  play: async ({ canvasElement, loaded }) => {
    const { ui } = widget(canvasElement);
    const { token, call } = loaded.voice as FakeCall;
    token.resolve({ token: 'story-jwt', livekit_url: 'wss://livekit.example.com' });
    await userEvent.click(ui.getByRole('button', { name: labels.talk }));
    const o = await call();
    // What the call chunk does with the worker's state and transcription streams.
    o.onAgent(stateText('en', 'speaking')!);
    adoptTranscriptStyles(o.transcript!);
    renderTranscript(o.transcript!, [
      { id: 'u1', agent: false, text: 'What are your opening hours?' },
      { id: 'a1', agent: true, text: 'We are open from nine to five, Monday to Saturday.' },
    ]);
    await waitFor(() => expect(ui.getByRole('status')).toHaveTextContent('Agent speaking'));
    await expect(ui.getByText('What are your opening hours?')).toBeVisible();
    await expect(ui.getByText(/nine to five/)).toBeVisible();
  },
};
export const InCallWithTranscriptCustomColor = withCustomColour(InCallWithTranscript);

/** The visitor refuses the microphone: said in the widget, and no token is asked for. */
export const MicrophoneRefused: Story = {
  loaders: [
    () => ({
      // The real openMicrophone over a getUserMedia that the visitor answers with 'Block'.
      voice: fakeCall({
        openMicrophone: () => openMicrophone(labels.micDenied, labels.micMissing),
      }),
    }),
  ],
  beforeEach: () => {
    const spy = spyOn(navigator.mediaDevices, 'getUserMedia').mockRejectedValue(
      new DOMException('Permission denied', 'NotAllowedError'),
    );
    return () => spy.mockRestore();
  },
  play: async ({ canvasElement, loaded }) => {
    const { ui } = widget(canvasElement);
    const { deps } = loaded.voice as FakeCall;
    await userEvent.click(ui.getByRole('button', { name: labels.talk }));
    const message = await ui.findByText(labels.micDenied);
    await expect(message).toBeVisible();
    await expect(ui.getByRole('status')).toHaveClass('err');
    await expect(navigator.mediaDevices.getUserMedia).toHaveBeenCalledTimes(1);
    await expect(deps.fetchToken).not.toHaveBeenCalled();
    await expect(deps.loadCall).not.toHaveBeenCalled();
    await expect(ui.getByRole('button', { name: labels.talk })).toBeVisible();
    await expect(ui.getByRole('button', { name: labels.dismiss })).toBeVisible();
  },
};
export const MicrophoneRefusedCustomColor = withCustomColour(MicrophoneRefused);

/** The voice backend refuses (LiveKit not set up): the server's `detail`, microphone released. */
export const ServerError: Story = {
  loaders: [
    () => ({
      // The real token request; fetch answers as the server does without LIVEKIT_* settings.
      voice: fakeCall({
        fetchToken: () =>
          fetchVoiceToken(normalizeConfig({ ...settings, agentName: 'Support' })!, labels.failed),
      }),
    }),
  ],
  beforeEach: () => {
    const url = tokenUrl('https://agents.example.com', settings.agentId);
    const realFetch = globalThis.fetch;
    const spy = spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const target = input instanceof Request ? input.url : String(input);
      if (target !== url) return realFetch(input, init);
      return Response.json(
        { success: false, error: voiceNotConfigured, detail: voiceNotConfigured },
        { status: 503 },
      );
    });
    return () => spy.mockRestore();
  },
  play: async ({ canvasElement, loaded }) => {
    const { ui } = widget(canvasElement);
    const { microphone, startCall } = loaded.voice as FakeCall;
    await userEvent.click(ui.getByRole('button', { name: labels.talk }));
    // Visitors see a friendly line; the set-up details are for the owner (browser console, Talk to Agent).
    const message = await ui.findByText(labels.failed);
    await expect(message).toBeVisible();
    await expect(ui.queryByText(voiceNotConfigured)).toBeNull();
    await expect(ui.getByRole('status')).toHaveClass('err');
    await expect(globalThis.fetch).toHaveBeenCalledWith(
      'https://agents.example.com/voice/tokens/generate?agent_name=support_123e4567_e89b_12d3_a456_426614174000',
      expect.objectContaining({
        method: 'POST',
        headers: { Authorization: 'Bearer app-story-key' },
      }),
    );
    await expect(microphone.stop).toHaveBeenCalled();
    await expect(startCall).not.toHaveBeenCalled();
    await expect(ui.getByRole('button', { name: labels.talk })).toBeVisible();
  },
};
export const ServerErrorCustomColor = withCustomColour(ServerError);
