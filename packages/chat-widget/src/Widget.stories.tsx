import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  customColor,
  rgb,
  ShadowHost,
  shadowWidget,
  textColour,
} from '../../../.storybook/widgetStory';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { normalizeConfig } from './config';
import { chatLabels } from './i18n';
import { hostTag } from './mount';
import { ChatError, type StreamChat, type StreamInput, type StreamResult } from './runtime';
import type { StorageLike } from './store';
import { adoptStyles, chatCss, themeCss } from './styles';
import { Widget, type WidgetController } from './Widget';

/**
 * The chat widget's states, rendered as mount.tsx renders it (a shadow root on a
 * <parley-chat-widget> host with the widget's stylesheet adopted there), but by React (Storybook's
 * renderer) and with the reply stream injected: no request leaves the page.
 */

const labels = chatLabels.en!;

function memoryStorage(): StorageLike {
  const data = new Map<string, string>();
  return {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

interface StreamCall {
  input: StreamInput;
  /** Sends a text delta (the widget shows the answer so far). */
  delta: (text: string) => void;
  resolve: (result: Partial<StreamResult>) => void;
  reject: (error: unknown) => void;
}

/** A reply stream the play function drives, call by call. */
function scriptedStream() {
  const calls: StreamCall[] = [];
  const stream: StreamChat = (input) =>
    new Promise<StreamResult>((resolve, reject) => {
      let soFar = '';
      input.signal?.addEventListener('abort', () =>
        reject(new DOMException('The reply was cancelled', 'AbortError')),
      );
      calls.push({
        input,
        delta: (text) => {
          soFar += text;
          input.onDelta?.(text, soFar);
        },
        resolve: (r) =>
          resolve({
            answer: soFar,
            conversationId: 'conv-story-1',
            messageId: `msg-story-${calls.length}`,
            offline: false,
            ...r,
          }),
        reject,
      });
    });
  /** Waits for the widget's reply request number `index` (from 0). */
  const nextCall = (index: number) =>
    waitFor(() => {
      const call = calls[index];
      if (!call) throw new Error(`no reply requested yet (call ${index + 1})`);
      return call;
    });
  return { stream, calls, nextCall };
}
type ScriptedStream = ReturnType<typeof scriptedStream>;

interface ChatStoryArgs {
  agentName: string;
  primaryColor: string;
  greeting?: string;
  initiallyOpen: boolean;
}

function ChatWidgetStory({
  agentName,
  primaryColor,
  greeting,
  initiallyOpen,
  stream,
}: ChatStoryArgs & { stream: StreamChat }) {
  const config = normalizeConfig({
    agentUrl: 'https://agents.example.com/v1',
    agentKey: 'app-story-key',
    agentName,
    primaryColor,
    greeting,
  })!;
  const [storage] = useState(memoryStorage);
  const [controller] = useState<WidgetController>(() => ({}));
  return (
    <ShadowHost tag={hostTag} adopt={adoptStyles} css={[chatCss, themeCss(config.primaryColor)]}>
      <Widget
        config={config}
        labels={labels}
        storage={storage}
        stream={stream}
        controller={controller}
        initiallyOpen={initiallyOpen}
      />
    </ShadowHost>
  );
}

const widget = (canvasElement: HTMLElement) => shadowWidget(canvasElement, hostTag);

/** The primary colour, and the text colour with the higher contrast on it. */
async function expectPrimaryColour(el: Element, primaryColor: string) {
  await expect(getComputedStyle(el).backgroundColor).toBe(rgb(primaryColor));
  await expect(getComputedStyle(el).color).toBe(textColour(primaryColor));
}

const meta = {
  title: 'Widgets/Chat widget',
  args: {
    agentName: 'Support',
    primaryColor: '#667eea',
    initiallyOpen: false,
  },
  argTypes: { primaryColor: { control: 'color' } },
  parameters: { layout: 'fullscreen' },
  loaders: [() => ({ chat: scriptedStream() })],
  render: (args, { loaded }) => (
    <ChatWidgetStory {...args} stream={(loaded.chat as ScriptedStream).stream} />
  ),
} satisfies Meta<ChatStoryArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The same state with a custom primary colour. */
const withCustomColour = (story: Story): Story => ({
  ...story,
  args: { ...story.args, primaryColor: customColor },
});

/** Closed: only the launcher, bottom-right in the primary colour. */
export const Closed: Story = {
  play: async ({ canvasElement, args }) => {
    const { host, ui } = widget(canvasElement);
    const launcher = ui.getByRole('button', { name: 'Open chat' });
    await expect(launcher).toBeVisible();
    await expect(launcher).toHaveAttribute('aria-expanded', 'false');
    await expectPrimaryColour(launcher, args.primaryColor);
    const box = launcher.getBoundingClientRect();
    await expect(Math.round(window.innerWidth - box.right)).toBe(20);
    await expect(Math.round(window.innerHeight - box.bottom)).toBe(20);
    await expect(ui.queryByRole('dialog')).toBeNull();
    // Storybook renders the widget with real React (the bundles use preact/compat).
    await expect(Object.keys(launcher).some((k) => k.startsWith('__reactFiber$'))).toBe(true);
    await expect(host.getAttribute('style')).toBeNull();
  },
};
export const ClosedCustomColor = withCustomColour(Closed);

/** Open with nothing said yet: the agent's name and the initial message. */
export const OpenEmpty: Story = {
  args: { initiallyOpen: true },
  play: async ({ canvasElement, args }) => {
    const { ui } = widget(canvasElement);
    const dialog = ui.getByRole('dialog', { name: 'Support' });
    await expect(dialog).toBeVisible();
    await expect(within(dialog).getByText(args.greeting ?? labels.greeting)).toBeVisible();
    await expectPrimaryColour(dialog.querySelector('.head')!, args.primaryColor);
    await expect(ui.getByPlaceholderText(labels.placeholder)).toHaveValue('');
    await expect(ui.getByRole('button', { name: 'Send' })).toBeDisabled();
    await expect(ui.getByRole('button', { name: 'Clear' })).toBeVisible();
  },
};
/** With a custom colour and the snippet's own greeting (markdown). */
export const OpenEmptyCustomColor: Story = {
  ...withCustomColour(OpenEmpty),
  args: {
    initiallyOpen: true,
    primaryColor: customColor,
    greeting: 'Hi! I can help with **bookings**.',
  },
  play: async (context) => {
    const { ui } = widget(context.canvasElement);
    await expect(await ui.findByText('bookings', { selector: 'strong' })).toBeVisible();
    await expect(ui.getByRole('dialog', { name: 'Support' })).toHaveTextContent(
      'Hi! I can help with bookings.',
    );
    await expect(ui.queryByText(labels.greeting)).toBeNull();
  },
};

async function ask(ui: ReturnType<typeof within>, text: string) {
  const input = ui.getByRole('textbox', { name: 'Message' });
  await userEvent.type(input, `${text}{Enter}`);
  await expect(await ui.findByText(text, { selector: '.user' })).toBeVisible();
}

/** 'Thinking...' while waiting, then the answer so far as it streams in. */
export const Streaming: Story = {
  args: { initiallyOpen: true },
  play: async ({ canvasElement, loaded }) => {
    const { ui } = widget(canvasElement);
    const { nextCall } = loaded.chat as ScriptedStream;
    await ask(ui, 'When are you open?');
    await expect(ui.getByText(labels.thinking, { selector: '.thinking' })).toBeVisible();
    await expect(ui.getByRole('status')).toHaveTextContent(labels.thinking);
    const call = await nextCall(0);
    await expect(call.input).toMatchObject({
      query: 'When are you open?',
      agentKey: 'app-story-key',
      agentUrl: 'https://agents.example.com/v1',
    });
    call.delta('Here are our **opening hours**:\n\n- Monday to ');
    await expect(await ui.findByText('opening hours', { selector: 'strong' })).toBeVisible();
    await expect(ui.getByText('Monday to', { selector: 'li' })).toBeVisible();
    await expect(ui.queryByText(labels.thinking, { selector: '.thinking' })).toBeNull();
    await expect(ui.getByText('Monday to', { selector: 'li' }).closest('.msg')).toHaveAttribute(
      'aria-busy',
      'true',
    );
    // Still streaming: sending again waits for this reply.
    await expect(ui.getByRole('button', { name: 'Send' })).toBeDisabled();
  },
};
export const StreamingCustomColor = withCustomColour(Streaming);

/** A failed reply: the spec's one error message (details go to the console). */
export const ReplyError: Story = {
  name: 'Error',
  args: { initiallyOpen: true },
  play: async ({ canvasElement, loaded }) => {
    const { ui } = widget(canvasElement);
    const { nextCall } = loaded.chat as ScriptedStream;
    await ask(ui, 'Can I book for tomorrow?');
    const call = await nextCall(0);
    call.reject(new ChatError('The model provider is unavailable', 502));
    const error = await ui.findByText(labels.error, { selector: '.msg' });
    await expect(error).toBeVisible();
    await expect(error).toHaveClass('err');
    await expect(ui.queryByText('The model provider is unavailable')).toBeNull();
    await expect(ui.getByRole('status')).toHaveTextContent(labels.error);
    await expect(ui.queryByText(labels.thinking, { selector: '.thinking' })).toBeNull();
    // The visitor can try again.
    await userEvent.type(ui.getByRole('textbox', { name: 'Message' }), 'Hello?');
    await expect(ui.getByRole('button', { name: 'Send' })).toBeEnabled();
  },
};
export const ReplyErrorCustomColor: Story = {
  ...withCustomColour(ReplyError),
  name: 'Error Custom Color',
};

const offlineAnswer =
  'Offline responder: no OpenAI API key is configured for this agent, so no model was called. ' +
  "Add a key in the agent's Model settings (or set OPENAI_API_KEY on the server) for real answers.\n\n" +
  'Here is what the knowledge base says about “opening hours”:\n\n' +
  '1. We are open **Monday to Friday, 8:00 to 18:00** (hours.md)';

/** The server's offline responder answered (no model key): the reply is labelled with a neutral note, without the owner's set-up text. */
export const OfflineReply: Story = {
  args: { initiallyOpen: true },
  play: async ({ canvasElement, loaded }) => {
    const { ui } = widget(canvasElement);
    const { nextCall } = loaded.chat as ScriptedStream;
    await ask(ui, 'opening hours');
    const call = await nextCall(0);
    for (const word of offlineAnswer.match(/\S+\s*/g)!.slice(0, 6)) call.delta(word);
    // Visitors never see the owner's set-up paragraph, not even while it streams in.
    await expect(ui.queryByText(/Offline responder/)).toBeNull();
    call.resolve({ answer: offlineAnswer, offline: true });
    const note = await ui.findByText(labels.offline, { selector: '.note' });
    await expect(note).toBeVisible();
    await expect(
      ui.getByText('Monday to Friday, 8:00 to 18:00', { selector: 'strong' }),
    ).toBeVisible();
    await expect(ui.getByRole('status')).toHaveTextContent(/Monday to Friday/);
    await expect(ui.getByRole('status')).not.toHaveTextContent(/OPENAI_API_KEY/);
    await expect(ui.queryByText(/Offline responder/)).toBeNull();
    await expect(ui.getByRole('button', { name: 'Send' })).toBeDisabled();
    await expect(ui.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  },
};
export const OfflineReplyCustomColor = withCustomColour(OfflineReply);
