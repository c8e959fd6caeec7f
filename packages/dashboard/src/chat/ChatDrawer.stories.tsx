import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '@parley/ui';
import {
  AgentChatDrawer,
  ChatDrawer,
  chatNotConfiguredText,
  offlineConsoleNotice,
} from './ChatDrawer';
import { chatStorageKey } from './chatSession';
import { MakeTestView } from '../agents/tests/MakeTestView';
import {
  chatFixtures as m,
  chatRuntime,
  chatRuntimeError,
  offlineHandbookRuntime,
  storyAgentKey,
  storyRuntimeUrl,
} from '../stories/chatHandlers';

const agentId = 'support_123e4567_e89b_12d3_a456_426614174000';

const meta = {
  title: 'Dashboard/Chat/Chat drawer',
  component: ChatDrawer,
  parameters: { layout: 'fullscreen' },
  args: {
    open: true,
    onOpenChange: fn(),
    agentName: 'Support',
    messages: [],
    onSend: fn(() => null),
    onClear: fn(),
    onStop: fn(),
    offlineNotice: offlineConsoleNotice,
  },
} satisfies Meta<typeof ChatDrawer>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ args }) => {
    const drawer = await screen.findByRole('dialog', { name: 'Support Assistant' });
    await expect(within(drawer).getByText('Start a conversation')).toBeVisible();
    await expect(within(drawer).getByRole('button', { name: 'Clear' })).toBeDisabled();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

export const Thinking: Story = { args: { messages: [m.user], pending: true, thinking: true } };

export const Streaming: Story = {
  args: { messages: [m.user, m.answer, m.followUp, m.streaming], pending: true },
};

export const Failed: Story = { args: { messages: [m.user, m.failed] } };

export const OfflineAnswer: Story = { args: { messages: [m.user, m.offline] } };

export const LongMarkdown: Story = { args: { messages: [m.user, m.long] } };

export const PhoneSize: Story = {
  args: { messages: [m.user, m.answer, m.followUp, m.offline] },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async () => {
    const drawer = await screen.findByRole('dialog', { name: 'Support Assistant' });
    await expect(within(drawer).getByPlaceholderText('Type your message here...')).toBeVisible();
  },
};

/** Every kind of message in one open drawer (only one modal drawer can be open at a time). */
export const AllStates: Story = {
  args: {
    messages: [m.user, m.answer, m.followUp, m.offline, m.failed, m.stopped, m.long, m.streaming],
    pending: true,
  },
};
export const AllStatesDark: Story = { ...AllStates, globals: { theme: 'dark' } };

/** 'Make a test' of the current conversation beside Clear; here the test was made. */
export const MadeATest: Story = {
  args: {
    messages: [m.user, m.answer],
    actions: <MakeTestView onMakeTest={fn()} made={{ name: 'From a chat conversation' }} />,
  },
  play: async () => {
    const d = within(await screen.findByRole('dialog', { name: 'Support Assistant' }));
    await expect(d.getByRole('button', { name: 'Make a test' })).toBeVisible();
    await expect(d.getByText('Test made: From a chat conversation')).toBeVisible();
  },
};
export const MadeATestDark: Story = { ...MadeATest, globals: { theme: 'dark' } };

// ---------- wired to the runtime (MSW streams the answer slowly) ----------

function LiveDrawer({
  apiUrl = storyRuntimeUrl,
  apiKey = storyAgentKey,
}: {
  apiUrl?: string | null;
  apiKey?: string | null;
}) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Chat</Button>
      <AgentChatDrawer
        open={open}
        onOpenChange={setOpen}
        agentId={agentId}
        agentName="support"
        apiUrl={apiUrl}
        apiKey={apiKey}
        user="user_1"
      />
    </>
  );
}

const forgetConversation = () => localStorage.removeItem(chatStorageKey(agentId));

export const LiveStreaming: Story = {
  beforeEach: ({ msw }) => {
    forgetConversation();
    msw.use(chatRuntime({ firstDeltaMs: 400, deltaMs: 40 }));
    return forgetConversation;
  },
  render: () => <LiveDrawer />,
  play: async () => {
    const drawer = await screen.findByRole('dialog', { name: 'support Assistant' });
    const d = within(drawer);
    await userEvent.type(
      d.getByPlaceholderText('Type your message here...'),
      'When are you open?{Enter}',
    );
    await expect(d.getByText('When are you open?')).toBeVisible();
    await expect(await d.findByText('Thinking...')).toBeVisible();
    await expect(d.getByRole('button', { name: 'Stop' })).toBeVisible();
    // Text shows up while the answer is still arriving, then the answer completes.
    await d.findByText(/Here are our/);
    await waitFor(() => expect(d.queryByText('Thinking...')).toBeNull());
    await waitFor(() => expect(d.getByRole('link', { name: 'our booking page' })).toBeVisible(), {
      timeout: 5000,
    });
    await waitFor(() => expect(d.getByRole('button', { name: 'Send' })).toBeVisible());
    await expect(d.getByText(/Here are our/).closest('li')).not.toHaveAttribute('data-streaming');
    // Closing and reopening keeps the conversation.
    await userEvent.click(d.getByRole('button', { name: 'Close' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Chat' }));
    const again = await screen.findByRole('dialog', { name: 'support Assistant' });
    await expect(within(again).getByText('When are you open?')).toBeVisible();
    await userEvent.click(within(again).getByRole('button', { name: 'Clear' }));
    await expect(within(again).getByText('Start a conversation')).toBeVisible();
  },
};

export const LiveStop: Story = {
  beforeEach: ({ msw }) => {
    forgetConversation();
    msw.use(chatRuntime({ firstDeltaMs: 100, deltaMs: 400 }));
    return forgetConversation;
  },
  render: () => <LiveDrawer />,
  play: async () => {
    const d = within(await screen.findByRole('dialog', { name: 'support Assistant' }));
    await userEvent.type(d.getByPlaceholderText('Type your message here...'), 'Hours?{Enter}');
    await d.findByText(/Here/);
    await userEvent.click(d.getByRole('button', { name: 'Stop' }));
    await expect(await d.findByText('Stopped before the answer was complete.')).toBeVisible();
    await expect(d.getByRole('button', { name: 'Send' })).toBeVisible();
  },
};

export const LiveOfflineResponder: Story = {
  beforeEach: ({ msw }) => {
    forgetConversation();
    msw.use(offlineHandbookRuntime());
    return forgetConversation;
  },
  render: () => <LiveDrawer />,
  play: async () => {
    const d = within(await screen.findByRole('dialog', { name: 'support Assistant' }));
    await userEvent.type(d.getByPlaceholderText('Type your message here...'), 'Sunday?{Enter}');
    await expect(await d.findByText(offlineConsoleNotice, {}, { timeout: 4000 })).toBeVisible();
    const answer = d.getByText(/From the clinic handbook/).closest('li')!;
    await expect(within(answer).getByText('Offline responder')).toBeVisible();
  },
};

export const LiveError: Story = {
  beforeEach: ({ msw }) => {
    forgetConversation();
    msw.use(chatRuntimeError(502, 'The model provider is unavailable'));
    return forgetConversation;
  },
  render: () => <LiveDrawer />,
  play: async () => {
    const d = within(await screen.findByRole('dialog', { name: 'support Assistant' }));
    await userEvent.type(d.getByPlaceholderText('Type your message here...'), 'Hello{Enter}');
    await expect(
      await d.findByText('Sorry, I encountered an error. Please try again.'),
    ).toBeVisible();
    await expect(d.getByText('The model provider is unavailable')).toBeVisible();
  },
};

export const LiveNotConfigured: Story = {
  render: () => <LiveDrawer apiUrl={null} apiKey={null} />,
  play: async () => {
    const d = within(await screen.findByRole('dialog', { name: 'support Assistant' }));
    await expect(d.getByText(chatNotConfiguredText.title)).toBeVisible();
    await expect(d.getByPlaceholderText('Type your message here...')).toBeDisabled();
  },
};
