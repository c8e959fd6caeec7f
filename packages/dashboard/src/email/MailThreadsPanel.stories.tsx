import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { MailThreadsPanel } from './MailThreadsPanel';
import { fixtureMailThreads } from '../stories/mailFixtures';
import { shows } from '../stories/plays';

const meta = {
  title: 'Dashboard/Email/Threads',
  component: MailThreadsPanel,
  args: { threads: fixtureMailThreads, onOpenThread: fn(), onRetry: fn() },
} satisfies Meta<typeof MailThreadsPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const items = c.getAllByRole('listitem');
    // Newest activity first.
    await expect(items[0]).toHaveTextContent('Where is my order?');
    await expect(items[0]).toHaveTextContent('1 draft waiting');
    await userEvent.click(c.getByRole('button', { name: /Out of office/ }));
    await expect(args.onOpenThread).toHaveBeenCalledWith(fixtureMailThreads[1]);
  },
};
export const Empty: Story = {
  args: { threads: [] },
  play: shows('No threads yet'),
};
export const Loading: Story = { args: { threads: [], loading: true } };
export const LoadError: Story = {
  args: { threads: [], error: 'HTTP error! status: 500 - Internal Server Error' },
};

const dark = { globals: { theme: 'dark' } };
export const FilledDark: Story = { ...Filled, ...dark };
export const EmptyDark: Story = { ...Empty, ...dark };
export const LoadingDark: Story = { ...Loading, ...dark };
export const LoadErrorDark: Story = { ...LoadError, ...dark };
