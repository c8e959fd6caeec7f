import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { WaitingNowPanel } from './WaitingNowPanel';
import { fixtureNow, waitingFixtures } from './handoffFixtures';

/** The Overview's card: how many wait for a person now, and for how long the longest has. */
const meta = {
  title: 'Dashboard/Handoff/Waiting now (Overview)',
  component: WaitingNowPanel,
  args: {
    count: 3,
    oldestRequestedAt: waitingFixtures[0]!.handoff!.requested_at,
    now: fixtureNow,
    onOpen: fn(),
  },
} satisfies Meta<typeof WaitingNowPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Waiting: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('3 conversations')).toBeVisible();
    await expect(c.getByText('The longest has waited 9 h 5 min.')).toBeVisible();
    const link = c.getByRole('link', { name: 'Open Needs a person' });
    await expect(link).toHaveAttribute('href', '/?view=conversations&status=needs_human');
    await userEvent.click(link);
    await expect(args.onOpen).toHaveBeenCalledTimes(1);
  },
};
export const WaitingDark: Story = { ...Waiting, globals: { theme: 'dark' } };

export const NobodyWaits: Story = {
  args: { count: 0, oldestRequestedAt: null },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Nobody is waiting for a person.')).toBeVisible();
    await expect(c.queryByText(/longest has waited/)).toBeNull();
  },
};
export const NobodyWaitsDark: Story = { ...NobodyWaits, globals: { theme: 'dark' } };

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading who is waiting...')).toBeVisible();
  },
};
export const LoadingDark: Story = { ...Loading, globals: { theme: 'dark' } };

export const Failed: Story = {
  args: { error: 'The server did not answer.' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Failed to load the waiting list')).toBeVisible();
    await expect(c.getByText('The server did not answer.')).toBeVisible();
  },
};
export const FailedDark: Story = { ...Failed, globals: { theme: 'dark' } };
