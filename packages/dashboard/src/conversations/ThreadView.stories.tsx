import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { MakeTestView } from '../agents/tests/MakeTestView';
import { ThreadView, type ThreadViewProps } from './ThreadView';
import {
  callThread,
  chatThread,
  emailThread,
  heldByMeThread,
  heldByOtherThread,
  me,
} from './inboxFixtures';
import { retriesAfter, shows } from '../stories/plays';
import { doneOutcome, skippedOutcome } from '../outcomes/outcomeFixtures';
import {
  checkSlotsStep,
  opensFirstToolStep,
  storyLocale,
  threadActions,
} from '../stories/conversationStories';

/** The reply draft kept in story state (so typing works). */
function Stateful(props: ThreadViewProps) {
  const [draft, setDraft] = useState(props.draft);
  return (
    <ThreadView
      {...props}
      draft={draft}
      onDraftChange={(t) => {
        setDraft(t);
        props.onDraftChange(t);
      }}
    />
  );
}

const meta = {
  title: 'Dashboard/Conversations/Thread',
  component: ThreadView,
  render: (args) => <Stateful {...args} />,
  args: {
    conversation: chatThread,
    myUserId: me.userId,
    ...threadActions(),
    onRetry: fn(),
    ...storyLocale,
  },
} satisfies Meta<typeof ThreadView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Open (the agent answers): Take over; the reply box is disabled and says why. */
export const Open: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Knowledge passages (1)')).toBeVisible();
    await expect(c.getByText('Latency 820 ms')).toBeVisible();
    // The answer names the agent version that wrote it.
    await expect(c.getByText('Version 2')).toBeVisible();
    await expect(c.getByText('Offline responder')).toBeVisible();
    await expect(c.getByRole('textbox', { name: 'Reply' })).toBeDisabled();
    await expect(c.getByText('Take the conversation over to reply.')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Take over' }));
    await expect(args.onTakeover).toHaveBeenCalled();
  },
};
export const OpenDark: Story = { args: Open.args, globals: { theme: 'dark' } };

/** Held by me: Enter sends, Shift+Enter is a new line; Hand back. */
export const HeldByMe: Story = {
  args: { conversation: heldByMeThread },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText(/You have taken this conversation over/)).toBeVisible();
    await expect(c.getByText('Ada Lovelace')).toBeVisible();
    const box = c.getByRole('textbox', { name: 'Reply' });
    await expect(box).toBeEnabled();
    await userEvent.type(box, 'Friday{Shift>}{Enter}{/Shift}3pm');
    await expect(args.onSend).not.toHaveBeenCalled();
    await expect(box).toHaveValue('Friday\n3pm');
    await userEvent.keyboard('{Enter}');
    await expect(args.onSend).toHaveBeenCalledWith('Friday\n3pm');
    await userEvent.click(c.getByRole('button', { name: 'Hand back' }));
    await expect(args.onRelease).toHaveBeenCalled();
  },
};
export const HeldByMeDark: Story = { args: HeldByMe.args, globals: { theme: 'dark' } };

/** Held by another member: Take over is disabled, the reply box says who replies. */
export const HeldByAnother: Story = {
  args: { conversation: heldByOtherThread },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Grace Hopper has taken this conversation over.')).toBeVisible();
    await expect(c.getByRole('button', { name: 'Take over' })).toBeDisabled();
    await expect(c.getByRole('textbox', { name: 'Reply' })).toBeDisabled();
    await expect(c.getByText('failed')).toBeVisible();
    await expect(c.getByText('Error: The carrier rejected the message')).toBeVisible();
  },
};
export const HeldByAnotherDark: Story = { args: HeldByAnother.args, globals: { theme: 'dark' } };

/** A reply that failed: the error is shown under the box. */
export const SendFailed: Story = {
  args: {
    conversation: heldByMeThread,
    draft: 'Are you there?',
    sendError: 'text: take the conversation over before replying',
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('text: take the conversation over before replying'),
    ).toBeVisible();
  },
};
export const SendFailedDark: Story = { args: SendFailed.args, globals: { theme: 'dark' } };

export const Sending: Story = {
  args: { conversation: heldByMeThread, draft: 'On my way', sending: true },
  play: shows('Sending...'),
};
export const SendingDark: Story = { args: Sending.args, globals: { theme: 'dark' } };

/** A call: its length and end reason; no typed reply. */
export const Call: Story = {
  args: { conversation: callThread },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('2:07')).toBeVisible();
    await expect(c.getByText('Caller: Caller hung up')).toBeVisible();
    await expect(c.getByText('First token 420 ms')).toBeVisible();
  },
};
export const CallDark: Story = { args: Call.args, globals: { theme: 'dark' } };

export const Email: Story = {
  args: { conversation: emailThread },
  play: shows('Subject: Re: Price list'),
};
export const EmailDark: Story = { args: Email.args, globals: { theme: 'dark' } };

/** Storage modes (docs/privacy.md): placeholders as stored; no text at all, its length told. */
export const PrivacyModes: Story = {
  args: {
    conversation: {
      ...chatThread,
      messages: [
        {
          ...chatThread.messages[0]!,
          text: 'My card is [CARD], call me at [PHONE]',
          privacy: { mode: 'redacted' },
        },
        { ...chatThread.messages[1]!, text: '', privacy: { mode: 'metadata_only', length: 42 } },
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('My card is [CARD], call me at [PHONE]')).toBeVisible();
    await expect(c.getByText('Text not stored (metadata only): 42 characters')).toBeVisible();
  },
};
export const PrivacyModesDark: Story = { args: PrivacyModes.args, globals: { theme: 'dark' } };

export const TakeoverRefused: Story = {
  args: { holdError: 'Grace Hopper is already replying in this conversation' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('Grace Hopper is already replying in this conversation'),
    ).toBeVisible();
  },
};
export const TakeoverRefusedDark: Story = {
  args: TakeoverRefused.args,
  globals: { theme: 'dark' },
};

export const Nothing: Story = {
  args: { conversation: null },
  play: shows('Select a conversation'),
};
export const NothingDark: Story = { args: Nothing.args, globals: { theme: 'dark' } };

export const Loading: Story = {
  args: { conversation: null, loading: true },
  play: shows('Loading conversation...'),
};
export const LoadingDark: Story = { args: Loading.args, globals: { theme: 'dark' } };

export const Failed: Story = {
  args: { conversation: null, error: 'Conversation not found' },
  play: retriesAfter('Failed to load the conversation'),
};
export const FailedDark: Story = { args: Failed.args, globals: { theme: 'dark' } };

/** An agent answer that called tools: each step collapsed (name, time); opened, arguments and result. */
export const WithToolSteps: Story = {
  args: {
    conversation: {
      ...chatThread,
      messages: chatThread.messages.map((m) =>
        m.id === 'm2'
          ? {
              ...m,
              tool_steps: [checkSlotsStep(['09:00', '14:30'])],
            }
          : m,
      ),
    },
  },
  play: async (context) => {
    // One answer called tools: one list.
    const lists = within(context.canvasElement).getAllByRole('list', { name: 'Tool calls' });
    await expect(lists).toHaveLength(1);
    await opensFirstToolStep(context);
  },
};
export const WithToolStepsDark: Story = { ...WithToolSteps, globals: { theme: 'dark' } };
/** 'Make a test' of the conversation, made (the test is in the agent's Tests section). */
export const MadeATest: Story = {
  args: {
    makeTest: <MakeTestView onMakeTest={fn()} made={{ name: 'From a chat conversation' }} />,
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('button', { name: 'Make a test' })).toBeVisible();
    await expect(c.getByText('Test made: From a chat conversation')).toBeVisible();
  },
};
export const MadeATestDark: Story = { ...MadeATest, globals: { theme: 'dark' } };

/** A member closes a chat: Close ends it now (a later message reopens it). */
export const CloseConversation: Story = {
  args: { onEnd: fn() },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Close' }));
    await expect(args.onEnd).toHaveBeenCalled();
  },
};
export const CloseConversationDark: Story = {
  args: CloseConversation.args,
  globals: { theme: 'dark' },
};

/** An ended chat (idle, or closed): no Close; it says a new message reopens it. */
export const EndedChat: Story = {
  args: { onEnd: fn(), conversation: { ...chatThread, status: 'ended' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.queryByRole('button', { name: 'Close' })).toBeNull();
    await expect(c.getByText(/A new message from the person reopens it/)).toBeVisible();
    // A member may still take it over to write (which reopens it).
    await expect(c.getByRole('button', { name: 'Take over' })).toBeEnabled();
  },
};
export const EndedChatDark: Story = { args: EndedChat.args, globals: { theme: 'dark' } };

/** An ended chat with its outcome (docs/outcomes.md): success, the summary, fields and tags. */
export const WithOutcome: Story = {
  args: { conversation: { ...chatThread, status: 'ended', outcome: doneOutcome } },
  play: async ({ canvasElement }) => {
    const outcome = within(within(canvasElement).getByRole('region', { name: 'Outcome' }));
    await expect(outcome.getByText('Success')).toBeVisible();
    await expect(outcome.getByText(/booked a table for four/)).toBeVisible();
    await expect(outcome.getByText('Party size')).toBeVisible();
  },
};
export const WithOutcomeDark: Story = { args: WithOutcome.args, globals: { theme: 'dark' } };

/** Not analysed (no model key): the thread says why. */
export const OutcomeSkipped: Story = {
  args: { conversation: { ...chatThread, status: 'ended', outcome: skippedOutcome } },
  play: async ({ canvasElement }) => {
    const outcome = within(within(canvasElement).getByRole('region', { name: 'Outcome' }));
    await expect(outcome.getByText('Not analysed')).toBeVisible();
    await expect(outcome.getByText(/No model key/)).toBeVisible();
  },
};
export const OutcomeSkippedDark: Story = { args: OutcomeSkipped.args, globals: { theme: 'dark' } };
