import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Banner } from '@parley/ui';
import { ChatPanel, type ChatPanelProps } from './ChatPanel';
import { chatNotConfiguredText, offlineConsoleNotice } from './ChatDrawer';
import { chatFixtures as m } from '../stories/chatHandlers';
import * as frames from './storyFrames.css';
import { StateGrid } from '../stories/StateGrid';

function Frame({ children }: { children: ReactNode }) {
  return <div className={frames.frame}>{children}</div>;
}

const meta = {
  title: 'Dashboard/Chat/Chat panel',
  component: ChatPanel,
  args: {
    agentName: 'Support',
    messages: [],
    onSend: fn(() => null),
    onClear: fn(),
    onStop: fn(),
    onClose: fn(),
  },
  render: (args) => (
    <Frame>
      <ChatPanel {...args} />
    </Frame>
  ),
} satisfies Meta<typeof ChatPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { name: 'Support Assistant' })).toBeVisible();
    await expect(c.getByText('Start a conversation')).toBeVisible();
    await expect(c.getByText('Test your chatbot by sending a message below')).toBeVisible();
    const input = c.getByPlaceholderText('Type your message here...');
    await userEvent.type(input, 'Line one{Shift>}{Enter}{/Shift}line two');
    await expect(args.onSend).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSend).toHaveBeenCalledWith('Line one\nline two');
    await expect(input).toHaveValue('');
    await userEvent.type(input, '   {Enter}');
    await expect(args.onSend).toHaveBeenCalledTimes(1);
  },
};

export const Conversation: Story = {
  args: { messages: [m.user, m.answer] },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const link = c.getByRole('link', { name: 'our booking page' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    await userEvent.click(c.getByRole('button', { name: 'Clear' }));
    await expect(args.onClear).toHaveBeenCalled();
  },
};

export const Thinking: Story = {
  args: { messages: [m.user], pending: true, thinking: true },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Thinking...')).toBeVisible();
    await expect(c.queryByRole('button', { name: 'Send' })).toBeNull();
    await userEvent.click(c.getByRole('button', { name: 'Stop' }));
    await expect(args.onStop).toHaveBeenCalled();
  },
};

export const Streaming: Story = {
  args: { messages: [m.user, m.answer, m.followUp, m.streaming], pending: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('closed')).toBeVisible();
    await expect(c.queryByText('Thinking...')).toBeNull();
    await expect(c.getByRole('log')).toHaveAttribute('aria-busy', 'true');
  },
};

export const Failed: Story = {
  args: { messages: [m.user, m.failed] },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Sorry, I encountered an error. Please try again.')).toBeVisible();
    await expect(c.getByText('The model provider is unavailable')).toBeVisible();
  },
};

export const OfflineAnswer: Story = {
  args: { messages: [m.user, m.offline], offlineNotice: offlineConsoleNotice },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const answer = c.getByText(/From the clinic handbook/).closest('li')!;
    await expect(within(answer).getByText('Offline responder')).toBeVisible();
    await expect(c.getByText(offlineConsoleNotice)).toBeVisible();
  },
};

export const Stopped: Story = { args: { messages: [m.user, m.stopped] } };

/** An Action Agent's answer with the tool it called, collapsed under the bubble. */
export const WithToolSteps: Story = {
  args: {
    messages: [
      m.user,
      {
        ...m.answer,
        toolSteps: [
          {
            id: 'thought-1',
            tool: 'check_slots',
            input: '{"day":"monday"}',
            output: '{"slots":["10:00","14:30"]}',
            durationMs: 182,
          },
        ],
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const steps = c.getByRole('list', { name: 'Tool calls' });
    await expect(steps).toHaveTextContent('check_slots');
    await expect(steps).toHaveTextContent('182 ms');
    await userEvent.click(c.getByText('check_slots'));
    await expect(steps).toHaveTextContent('"slots"');
  },
};
export const WithToolStepsDark: Story = { ...WithToolSteps, globals: { theme: 'dark' } };

export const LongMarkdown: Story = {
  args: { messages: [m.user, m.long] },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const log = c.getByRole('log');
    // Auto-scroll: the end of a long answer is in view.
    await waitFor(() => expect(log.scrollTop).toBeGreaterThan(0));
    await expect(log.scrollTop + log.clientHeight).toBeGreaterThanOrEqual(log.scrollHeight - 2);
    await expect(c.getByRole('table')).toBeVisible();
    await expect(canvasElement.querySelector('h1, h3')).toBeNull();
  },
};

/** The agent cannot chat yet: the box is disabled under the drawer's warning. */
const notConfigured = {
  disabled: true,
  notice: (
    <Banner
      tone="warning"
      title={chatNotConfiguredText.title}
      message={chatNotConfiguredText.message}
    />
  ),
} satisfies Partial<ChatPanelProps>;

export const NotConfigured: Story = {
  args: notConfigured,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByPlaceholderText('Type your message here...')).toBeDisabled();
    await expect(c.getByText(chatNotConfiguredText.title)).toBeVisible();
  },
};

export const PhoneSize: Story = {
  args: { messages: [m.user, m.answer, m.followUp, m.offline] },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByPlaceholderText('Type your message here...')).toBeVisible();
    await expect(c.getByRole('button', { name: 'Send' })).toBeVisible();
  },
};

const states: Array<[string, Partial<ChatPanelProps>]> = [
  ['Empty', {}],
  ['Thinking', { messages: [m.user], pending: true, thinking: true }],
  ['Streaming', { messages: [m.user, m.streaming], pending: true }],
  ['Answered', { messages: [m.user, m.answer] }],
  ['Offline responder', { messages: [m.user, m.offline], offlineNotice: offlineConsoleNotice }],
  ['Failed', { messages: [m.user, m.failed] }],
  ['Stopped', { messages: [m.user, m.stopped] }],
  ['Long markdown', { messages: [m.user, m.long] }],
  ['Not configured', notConfigured],
];

export const AllStates: Story = {
  render: (args) => (
    <StateGrid
      states={states}
      render={(props) => (
        <Frame>
          <ChatPanel {...args} {...props} />
        </Frame>
      )}
    />
  ),
};

export const AllStatesDark: Story = { ...AllStates, globals: { theme: 'dark' } };
