import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { OverviewScreen } from './OverviewScreen';

const meta = {
  title: 'Dashboard/Overview',
  component: OverviewScreen,
  args: {
    firstName: 'Ada',
    stats: { totalAgents: 3, totalPhoneNumbers: 2, totalWhatsAppNumbers: 1, totalEmails: 4 },
    onOpenTab: fn(),
  },
} satisfies Meta<typeof OverviewScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Welcome back, Ada')).toBeVisible();
    await expect(c.getByText('System Online')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Create Agent' }));
    await expect(args.onOpenTab).toHaveBeenCalledWith('agents');
  },
};

export const Loading: Story = {
  args: { stats: undefined, loading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByText('...')).toHaveLength(4);
  },
};

export const LoadedDark: Story = { globals: { theme: 'dark' } };

/** The first visit says 'Welcome', not 'Welcome back'. */
export const FirstVisit: Story = {
  args: { returning: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Welcome, Ada')).toBeVisible();
    await expect(c.queryByText(/Welcome back/)).toBeNull();
  },
};
export const FirstVisitDark: Story = { ...FirstVisit, globals: { theme: 'dark' } };
