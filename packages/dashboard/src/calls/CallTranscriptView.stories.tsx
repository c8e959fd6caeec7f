import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CallTranscriptView } from './CallTranscriptView';
import { fixtureCallDetail } from './callFixtures';
import * as styles from './calls.css';
import { retriesAfter, shows } from '../stories/plays';
import { storyLocale } from '../stories/conversationStories';

const meta = {
  title: 'Dashboard/Calls/Call transcript',
  component: CallTranscriptView,
  args: {
    call: fixtureCallDetail,
    onBack: fn(),
    onRetry: fn(),
    ...storyLocale,
  },
} satisfies Meta<typeof CallTranscriptView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const turns = within(c.getByRole('list', { name: 'Transcript' })).getAllByRole('listitem');
    await expect(turns).toHaveLength(6);
    await expect(turns[0]).toHaveTextContent('Initial message');
    await expect(turns[0]).toHaveTextContent('Version 2');
    await expect(turns[1]).toHaveTextContent(/^Caller/);
    await expect(turns[2]).toHaveTextContent('Response812 ms');
    await expect(turns[2]).toHaveTextContent('Offline responder');
    await expect(turns[5]).toHaveTextContent('The model provider timed out');
    await expect(c.getByText('Max call duration reached')).toBeVisible();
    await expect(c.getAllByText('Offline voice').length).toBeGreaterThan(0);
    await userEvent.click(c.getByRole('button', { name: 'All calls' }));
    await expect(args.onBack).toHaveBeenCalled();
  },
};
export const LoadedDark: Story = { ...Loaded, globals: { theme: 'dark' } };

export const InProgress: Story = {
  args: {
    call: {
      ...fixtureCallDetail,
      offline_voice: false,
      ended_at: null,
      ended_by: null,
      duration_seconds: null,
      transcript: fixtureCallDetail.transcript.slice(0, 3),
    },
  },
};
export const InProgressDark: Story = { ...InProgress, globals: { theme: 'dark' } };

export const NothingSaid: Story = {
  args: { call: { ...fixtureCallDetail, offline_voice: false, transcript: [] } },
  play: shows('Nothing was said on this call.'),
};
export const NothingSaidDark: Story = { ...NothingSaid, globals: { theme: 'dark' } };

export const Loading: Story = {
  args: { call: null, loading: true },
  play: shows('Loading transcript...'),
};
export const LoadingDark: Story = { ...Loading, globals: { theme: 'dark' } };

export const Failed: Story = {
  args: { call: null, error: 'Call not found' },
  play: retriesAfter('Failed to load the call'),
};
export const FailedDark: Story = { ...Failed, globals: { theme: 'dark' } };

export const AllStates: Story = {
  render: (args) => (
    <div className={styles.stack}>
      <CallTranscriptView {...args} />
      <CallTranscriptView {...args} title="Transcript (loading)" call={null} loading />
      <CallTranscriptView {...args} title="Transcript (error)" call={null} error="Call not found" />
    </div>
  ),
};
export const AllStatesDark: Story = { ...AllStates, globals: { theme: 'dark' } };

export const WithMakeATest: Story = {
  args: { onMakeTest: fn() },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Make a test' }));
    await expect(args.onMakeTest).toHaveBeenCalled();
  },
};
export const WithMakeATestDark: Story = { ...WithMakeATest, globals: { theme: 'dark' } };

export const MakeATestFailed: Story = {
  args: { onMakeTest: fn(), makeTestError: 'conversation_id: the conversation has no user turns' },
  play: shows('The test could not be made'),
};
export const MakeATestFailedDark: Story = { ...MakeATestFailed, globals: { theme: 'dark' } };

/** An answer that called tools: each step collapsed (name, time); opened, arguments and result. */
export const WithToolSteps: Story = {
  args: {
    call: {
      ...fixtureCallDetail,
      transcript: fixtureCallDetail.transcript.map((t, i) =>
        i === 2
          ? {
              ...t,
              tool_steps: [
                {
                  tool: 'check_slots',
                  tool_id: 'call_1',
                  input: { day: '2026-11-27' },
                  output: { free: ['09:00', '14:30'] },
                  duration_ms: 340,
                  error: null,
                },
                {
                  tool: 'book_slot',
                  tool_id: 'call_2',
                  input: { time: '09:00' },
                  output: null,
                  duration_ms: 10000,
                  error: 'The tool did not answer within 10 s',
                },
              ],
            }
          : t,
      ),
    },
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const steps = c.getByRole('list', { name: 'Tool calls' });
    await expect(steps).toHaveTextContent('check_slots340 ms');
    await expect(within(steps).getByText('Failed')).toBeVisible();
    await userEvent.click(within(steps).getByText('book_slot'));
    await expect(
      within(steps).getByText('Error: The tool did not answer within 10 s'),
    ).toBeVisible();
  },
};
export const WithToolStepsDark: Story = { ...WithToolSteps, globals: { theme: 'dark' } };
