import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { VersionsPanel } from './VersionsPanel';
import { storyTime, versions, versionThreeChanges } from './versionFixtures';

const meta = {
  title: 'Dashboard/Agents/Versions/Versions panel',
  component: VersionsPanel,
  args: {
    versions,
    liveVersion: 4,
    onCompare: fn(),
    onRestore: fn(),
    formatTime: storyTime,
  },
} satisfies Meta<typeof VersionsPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Versions: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const items = c.getAllByRole('listitem');
    await expect(items).toHaveLength(4);
    // Newest first; the live one is marked and has no Restore.
    await expect(within(items[0]!).getByRole('heading', { name: 'Version 4 Live' })).toBeVisible();
    await expect(within(items[0]!).queryByRole('button', { name: /Restore/ })).toBeNull();
    await expect(within(items[0]!).getByText('Restored from version 2')).toBeVisible();
    await expect(within(items[1]!).getByText('Grace Hopper · 2026-11-26 10:15 UTC')).toBeVisible();
    await expect(within(items[1]!).getByText('New greeting and booking tool')).toBeVisible();
    await expect(within(items[2]!).getByText('No note')).toBeVisible();
    await userEvent.click(within(items[1]!).getByRole('button', { name: 'Compare with live' }));
    await expect(args.onCompare).toHaveBeenCalledWith(3);
    // Restore asks first and says what happens.
    await userEvent.click(c.getByRole('button', { name: 'Restore version 2' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Restore version 2?' });
    await expect(
      within(dialog).getByText(/live at once on every channel, as version 5/),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(args.onRestore).not.toHaveBeenCalled();
    await userEvent.click(c.getByRole('button', { name: 'Restore version 2' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Restore' }),
    );
    await expect(args.onRestore).toHaveBeenCalledWith(2);
  },
};
export const VersionsDark: Story = { ...Versions, globals: { theme: 'dark' } };

export const Comparing: Story = {
  args: { compared: 3, comparison: { changes: versionThreeChanges } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const table = c.getByRole('table', { name: 'Version 3 against version 4 (live)' });
    await expect(within(table).getByRole('rowheader', { name: 'Initial message' })).toBeVisible();
    await expect(c.getByRole('button', { name: 'Hide comparison' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  },
};
export const ComparingDark: Story = { ...Comparing, globals: { theme: 'dark' } };

export const ComparingLoading: Story = { args: { compared: 3, comparison: { loading: true } } };
export const ComparingLoadingDark: Story = { ...ComparingLoading, globals: { theme: 'dark' } };

export const Restoring: Story = {
  args: { restoring: 2 },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('button', { name: 'Restoring...' })).toBeDisabled();
    await expect(c.getByRole('button', { name: 'Restore version 3' })).toBeDisabled();
  },
};
export const RestoringDark: Story = { ...Restoring, globals: { theme: 'dark' } };

export const Restored: Story = {
  args: { restored: 'Version 2 is live again, as version 5.' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('Version 2 is live again, as version 5.'),
    ).toBeVisible();
  },
};
export const RestoredDark: Story = { ...Restored, globals: { theme: 'dark' } };

export const RestoreFailed: Story = {
  args: { restoreError: 'Version not found' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('The version could not be restored'),
    ).toBeVisible();
  },
};
export const RestoreFailedDark: Story = { ...RestoreFailed, globals: { theme: 'dark' } };

export const Empty: Story = {
  args: { versions: [], liveVersion: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/No versions yet/)).toBeVisible();
  },
};
export const EmptyDark: Story = { ...Empty, globals: { theme: 'dark' } };

export const Loading: Story = { args: { loading: true } };
export const LoadingDark: Story = { ...Loading, globals: { theme: 'dark' } };

export const LoadFailed: Story = {
  args: { error: 'HTTP 500: Internal Server Error', onRetry: fn() },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};
export const LoadFailedDark: Story = { ...LoadFailed, globals: { theme: 'dark' } };
