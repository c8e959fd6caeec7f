import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { MakeTestView } from '../agents/tests/MakeTestView';
import { MailConversationView } from './MailConversationView';
import { fixtureMailThreads } from '../stories/mailFixtures';

const thread = fixtureMailThreads[0]!;
const meta = {
  title: 'Dashboard/Email/Conversation',
  component: MailConversationView,
  args: { thread, onBack: fn(), onSendDraft: fn(), onDiscardDraft: fn() },
} satisfies Meta<typeof MailConversationView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Oldest first; the agent's draft waits with Send Draft, Edit and Discard. */
export const WithDraft: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const items = within(c.getByRole('list', { name: /Conversation with/ })).getAllByRole(
      'listitem',
    );
    await expect(items[0]).toHaveTextContent('Hello, where is my order #1042?');
    await expect(items[1]).toHaveTextContent('Draft: waits for approval');
    await userEvent.click(c.getByRole('button', { name: 'Edit' }));
    const box = c.getByRole('textbox', { name: 'Edit the reply' });
    await userEvent.clear(box);
    await userEvent.type(box, 'It arrives tomorrow.');
    await userEvent.click(c.getByRole('button', { name: 'Send Edited Reply' }));
    await waitFor(() =>
      expect(args.onSendDraft).toHaveBeenCalledWith(thread.messages[0], 'It arrives tomorrow.'),
    );
    await userEvent.click(c.getByRole('button', { name: 'Discard' }));
    await expect(args.onDiscardDraft).toHaveBeenCalled();
  },
};

/** A mail that is stored, not answered (an auto-reply). */
export const NotAnswered: Story = {
  args: { thread: fixtureMailThreads[1]! },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Not answered: an automatic reply/)).toBeVisible();
  },
};

export const SendingDraft: Story = { args: { busyDraftId: 'm3' } };
export const DraftFailed: Story = {
  args: { error: 'Failed to send Gmail message: the SMTP server refused the login' },
};

const dark = { globals: { theme: 'dark' } };
export const WithDraftDark: Story = { ...WithDraft, ...dark };
export const NotAnsweredDark: Story = { ...NotAnswered, ...dark };
export const SendingDraftDark: Story = { ...SendingDraft, ...dark };
export const DraftFailedDark: Story = { ...DraftFailed, ...dark };

/** An agent reply that called tools: each step collapsed (name, time); opened, arguments and result. */
export const WithToolSteps: Story = {
  args: {
    thread: {
      ...thread,
      messages: thread.messages.map((m) =>
        m.author === 'agent'
          ? {
              ...m,
              tool_steps: [
                {
                  tool: 'lookup_order',
                  tool_id: 'call_1',
                  input: { order: 'A-1001' },
                  output: null,
                  duration_ms: 1500,
                  error: 'HTTP 404',
                },
              ],
            }
          : m,
      ),
    },
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const steps = c.getAllByRole('list', { name: 'Tool calls' })[0]!;
    await expect(steps).toHaveTextContent('lookup_order1.5 s');
    await userEvent.click(within(steps).getByText('lookup_order'));
    await expect(within(steps).getByText('Error: HTTP 404')).toBeVisible();
  },
};
export const WithToolStepsDark: Story = { ...WithToolSteps, ...dark };
/** 'Make a test' of the thread, which failed. */
export const MakeATestFailed: Story = {
  args: {
    makeTest: (
      <MakeTestView onMakeTest={fn()} error="conversation_id: the conversation has no user turns" />
    ),
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('button', { name: 'Make a test' })).toBeVisible();
    await expect(c.getByText('The test could not be made')).toBeVisible();
  },
};
export const MakeATestFailedDark: Story = { ...MakeATestFailed, ...dark };
