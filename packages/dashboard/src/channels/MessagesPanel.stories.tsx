import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { MakeTestView } from '../agents/tests/MakeTestView';
import { MessagesPanel } from './MessagesPanel';
import { fixtureThreads } from '../stories/messagingHandlers';
import { shows } from '../stories/plays';
import { checkSlotsStep, opensFirstToolStep } from '../stories/conversationStories';

const meta = {
  title: 'Dashboard/SMS and WhatsApp/Messages panel',
  component: MessagesPanel,
  args: { channel: 'sms', threads: fixtureThreads, onOpenSend: fn(), onRetry: fn() },
} satisfies Meta<typeof MessagesPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Threads: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const [first] = c.getAllByRole('listitem');
    // Newest thread first; in it the agent's reply above the person's question.
    await expect(first).toHaveTextContent(
      /Agent reply.*We open at 9:00.*Received.*When do you open/,
    );
    await userEvent.click(c.getByRole('button', { name: 'Send SMS Message' }));
    await expect(args.onOpenSend).toHaveBeenCalled();
  },
};

export const WhatsApp: Story = {
  args: { channel: 'whatsapp' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { name: 'WhatsApp Send Message' })).toBeVisible();
    await expect(c.getByRole('button', { name: 'Send WhatsApp Message' })).toBeVisible();
  },
};

export const Sent: Story = {
  args: { notice: { tone: 'success', message: 'SMS message sent successfully!' } },
  play: shows('SMS message sent successfully!'),
};

export const Loading: Story = {
  args: { threads: [], loading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading messages...')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  args: { threads: [] },
  play: shows('No messages yet'),
};

export const Failed: Story = {
  args: { threads: [], error: 'HTTP error! status: 502 - Bad Gateway' },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

const dark = { globals: { theme: 'dark' } };
export const ThreadsDark: Story = { ...dark };
export const SentDark: Story = { ...Sent, ...dark };
export const LoadingDark: Story = { ...Loading, ...dark };
export const EmptyDark: Story = { ...Empty, ...dark };
export const FailedDark: Story = { ...Failed, play: undefined, ...dark };

/** An agent reply that called tools: each step collapsed (name, time); opened, arguments and result. */
export const WithToolSteps: Story = {
  args: {
    threads: fixtureThreads.map((t, ti) => ({
      ...t,
      messages: t.messages.map((m) =>
        ti === 0 && m.author === 'agent'
          ? {
              ...m,
              tool_steps: [checkSlotsStep(['09:00'])],
            }
          : m,
      ),
    })),
  },
  play: opensFirstToolStep,
};
export const WithToolStepsDark: Story = { ...WithToolSteps, ...dark };
/** 'Make a test' under each thread of an agent; here the first one's test was made. */
export const WithMakeATest: Story = {
  args: {
    threadActions: (t) => (
      <MakeTestView
        onMakeTest={fn()}
        made={t.id === fixtureThreads[0]?.id ? { name: 'From a sms conversation' } : null}
      />
    ),
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getAllByRole('button', { name: 'Make a test' }).length).toBeGreaterThan(0);
    await expect(c.getByText('Test made: From a sms conversation')).toBeVisible();
  },
};
export const WithMakeATestDark: Story = { ...WithMakeATest, ...dark };

/** A 1,600-character SMS without a space (a token, a URL): it wraps inside its card. */
export const LongMessage: Story = {
  args: {
    threads: [
      {
        ...fixtureThreads[0]!,
        messages: [{ ...fixtureThreads[0]!.messages[0]!, text: 'x'.repeat(1600) }],
      },
    ],
  },
  render: (args) => (
    <div style={{ width: 360 }} data-testid="frame">
      <MessagesPanel {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const frame = within(canvasElement).getByTestId('frame');
    await expect(frame.scrollWidth).toBeLessThanOrEqual(360);
    await expect(within(frame).getByText('x'.repeat(1600))).toBeVisible();
  },
};
export const LongMessageDark: Story = { ...LongMessage, ...dark };
