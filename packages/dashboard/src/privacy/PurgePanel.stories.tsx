import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { purgeReason, PurgePanel } from './PurgePanel';
import { purgeDoneFixture, purgePreviewFixture, purgeRunsFixture } from './privacyFixtures';

const meta = {
  title: 'Dashboard/Privacy/Purge',
  component: PurgePanel,
  args: {
    canManage: true,
    retentionDays: 90,
    preview: null,
    result: null,
    purges: [],
    onPreview: fn(),
    onPurge: fn(),
  },
} satisfies Meta<typeof PurgePanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Before a preview: Purge now is not offered. */
export const Owner: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('button', { name: 'Purge now…' })).toBeDisabled();
    await userEvent.click(c.getByRole('button', { name: 'Preview' }));
    await expect(args.onPreview).toHaveBeenCalledWith(90);
  },
};
export const OwnerDark: Story = { ...Owner, globals: { theme: 'dark' } };

/** The preview's counts, then the confirmation before anything is removed. */
export const Previewed: Story = {
  args: { preview: purgePreviewFixture, purges: purgeRunsFixture },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    // The preview counts for the days it was asked for: ask, then see it.
    await userEvent.click(c.getByRole('button', { name: 'Preview' }));
    const preview = c.getByRole('region', { name: 'Purge preview' });
    await expect(within(preview).getByText('240')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Purge now…' }));
    const dialog = within(document.body).getByRole('alertdialog');
    await expect(
      within(dialog).getByText(/12 conversations, 240 messages, 4 test runs/),
    ).toBeVisible();
    await expect(args.onPurge).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Purge' }));
    await expect(args.onPurge).toHaveBeenCalledWith(90);
    await expect(c.getByText(/retention job, older than/)).toBeVisible();
  },
};
export const PreviewedDark: Story = { ...Previewed, globals: { theme: 'dark' } };

/** Changing the days asks for a new preview first. */
export const DaysChanged: Story = {
  args: { preview: purgePreviewFixture },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Preview' }));
    await expect(c.getByRole('button', { name: 'Purge now…' })).toBeEnabled();
    await userEvent.click(c.getByRole('button', { name: /Increase/ }));
    await expect(c.getByRole('button', { name: 'Purge now…' })).toBeDisabled();
    await expect(c.queryByRole('region', { name: 'Purge preview' })).toBeNull();
  },
};
export const DaysChangedDark: Story = { ...DaysChanged, globals: { theme: 'dark' } };

export const Purged: Story = {
  args: { result: purgeDoneFixture },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText(/Removed 12 conversations, 240 messages, 4 test runs\./),
    ).toBeVisible();
  },
};
export const PurgedDark: Story = { ...Purged, globals: { theme: 'dark' } };

export const StillRunning: Story = {
  args: { result: { ...purgeDoneFixture, status: 'running' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Purge still running')).toBeVisible();
  },
};
export const StillRunningDark: Story = { ...StillRunning, globals: { theme: 'dark' } };

export const Member: Story = {
  args: { canManage: false, purges: purgeRunsFixture },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText(purgeReason)).toBeVisible();
    await expect(c.getByRole('button', { name: 'Preview' })).toBeDisabled();
    await expect(c.getByRole('button', { name: 'Purge now…' })).toBeDisabled();
  },
};
export const MemberDark: Story = { ...Member, globals: { theme: 'dark' } };

export const Refused: Story = {
  args: { error: 'older_than: must not be in the future' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/must not be in the future/)).toBeVisible();
  },
};
export const RefusedDark: Story = { ...Refused, globals: { theme: 'dark' } };
