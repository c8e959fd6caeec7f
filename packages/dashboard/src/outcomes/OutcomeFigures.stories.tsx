import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { OutcomeFigures } from './OutcomeFigures';
import { emptyOutcomeAnalytics, outcomeAnalytics } from './outcomeFixtures';

/** The Analytics tab's outcomes: success rate over time and each field's distribution. */
const meta = {
  title: 'Dashboard/Outcomes/Analytics',
  component: OutcomeFigures,
  args: { analytics: outcomeAnalytics, onRetry: fn(), locale: 'en-GB' },
} satisfies Meta<typeof OutcomeFigures>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Done: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('70%')).toBeVisible();
    await expect(c.getByText('21 of 30 evaluated')).toBeVisible();
    const overTime = within(c.getByRole('table', { name: 'Success rate over time' }));
    await expect(overTime.getAllByRole('row')).toHaveLength(4);
    const topic = within(c.getByRole('table', { name: 'Most frequent values of topic' }));
    await expect(topic.getByRole('rowheader', { name: 'booking' })).toBeVisible();
    await expect(topic.getByText('71.4%')).toBeVisible();
    await expect(c.getByText(/mean 2.9/)).toBeVisible();
  },
};
export const DoneDark: Story = { ...Done, globals: { theme: 'dark' } };

export const Loading: Story = {
  args: { analytics: null, loading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading outcomes...')).toBeVisible();
  },
};
export const LoadingDark: Story = { ...Loading, globals: { theme: 'dark' } };

export const Empty: Story = {
  args: { analytics: emptyOutcomeAnalytics },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('No outcomes in this period')).toBeVisible();
    await expect(c.getByText(/its Outcomes section/)).toBeVisible();
  },
};
export const EmptyDark: Story = { ...Empty, globals: { theme: 'dark' } };

export const Error: Story = {
  args: { analytics: null, error: 'The server is not reachable' },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('The outcomes could not be loaded')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};
export const ErrorDark: Story = { ...Error, globals: { theme: 'dark' } };
