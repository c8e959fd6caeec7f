import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CallListView } from './CallListView';
import { fixtureCalls } from './callFixtures';
import * as styles from './calls.css';
import { retriesAfter, shows } from '../stories/plays';

const meta = {
  title: 'Dashboard/Calls/Call list',
  component: CallListView,
  args: { calls: fixtureCalls, onOpen: fn(), onRetry: fn(), timeZone: 'UTC', locale: 'en-US' },
} satisfies Meta<typeof CallListView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const rows = c.getAllByRole('row');
    // Header + five calls, newest first as the server answers.
    await expect(rows).toHaveLength(6);
    await expect(rows[1]).toHaveTextContent('In progress');
    // Which agent version took each call: the console's test call is the draft.
    await expect(rows[1]).toHaveTextContent('Draft');
    await expect(rows[2]).toHaveTextContent('Version 3');
    await expect(rows[2]).toHaveTextContent('2:07');
    await expect(rows[2]).toHaveTextContent('Caller hung up');
    await expect(rows[3]).toHaveTextContent('Offline voice');
    await expect(rows[3]).toHaveTextContent('Max call duration reached');
    await userEvent.click(within(rows[2]!).getByRole('button', { name: /^Open the call of/ }));
    await expect(args.onOpen).toHaveBeenCalledWith(fixtureCalls[1]!.conversation_id);
  },
};
export const LoadedDark: Story = { ...Loaded, globals: { theme: 'dark' } };

export const Loading: Story = {
  args: { calls: [], loading: true },
  play: shows('Loading calls...'),
};
export const LoadingDark: Story = { ...Loading, globals: { theme: 'dark' } };

export const Empty: Story = {
  args: { calls: [] },
  play: shows('No calls yet'),
};
export const EmptyDark: Story = { ...Empty, globals: { theme: 'dark' } };

export const Failed: Story = {
  args: { calls: [], error: 'HTTP 500: Internal Server Error' },
  play: retriesAfter('Failed to load calls'),
};
export const FailedDark: Story = { ...Failed, globals: { theme: 'dark' } };

export const AllStates: Story = {
  render: (args) => (
    <div className={styles.stack}>
      <CallListView {...args} title="Calls (loaded)" />
      <CallListView {...args} title="Calls (loading)" calls={[]} loading />
      <CallListView {...args} title="Calls (empty)" calls={[]} />
      <CallListView
        {...args}
        title="Calls (error)"
        calls={[]}
        error="HTTP 500: Internal Server Error"
      />
    </div>
  ),
};
export const AllStatesDark: Story = { ...AllStates, globals: { theme: 'dark' } };
