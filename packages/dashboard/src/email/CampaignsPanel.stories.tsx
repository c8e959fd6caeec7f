import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CampaignsPanel } from './CampaignsPanel';
import { fixtureCampaigns } from '../stories/mailFixtures';
import { shows } from '../stories/plays';

const meta = {
  title: 'Dashboard/Email/Campaigns',
  component: CampaignsPanel,
  args: { campaigns: fixtureCampaigns, onCreate: fn(), onAction: fn(), onRetry: fn() },
} satisfies Meta<typeof CampaignsPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const running = c.getByRole('listitem', { name: 'Spring launch' });
    await expect(running).toHaveTextContent('Sent27');
    await expect(running).toHaveTextContent('Left out: 2 duplicate, 1 unsubscribed, 0 bounced.');
    // The progress bar spans the campaign's row (not the browser's fixed 140 px).
    const bar = within(running).getByRole('progressbar');
    await expect(bar.getBoundingClientRect().width).toBeGreaterThan(
      running.getBoundingClientRect().width * 0.8,
    );
    await userEvent.click(c.getByRole('button', { name: 'Pause Spring launch' }));
    await expect(args.onAction).toHaveBeenCalledWith(fixtureCampaigns[0], 'pause');
    await userEvent.click(c.getByRole('button', { name: 'Resume Renewal reminder' }));
    await expect(args.onAction).toHaveBeenCalledWith(fixtureCampaigns[1], 'resume');
    // A completed campaign offers no actions.
    await expect(c.queryByRole('button', { name: /Webinar invite/ })).toBeNull();
  },
};
export const Empty: Story = {
  args: { campaigns: [] },
  play: shows('No campaigns yet'),
};
export const Loading: Story = { args: { campaigns: [], loading: true } };
export const LoadError: Story = { args: { campaigns: [], error: 'HTTP error! status: 500' } };
export const Notice: Story = {
  args: { notice: { tone: 'success', message: 'Campaign created successfully!' } },
};

const dark = { globals: { theme: 'dark' } };
export const FilledDark: Story = { ...Filled, ...dark };
export const EmptyDark: Story = { ...Empty, ...dark };
export const LoadingDark: Story = { ...Loading, ...dark };
export const LoadErrorDark: Story = { ...LoadError, ...dark };
export const NoticeDark: Story = { ...Notice, ...dark };
