import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { UnpublishedChangesStrip } from './UnpublishedChangesStrip';
import { draftChanges } from './versionFixtures';
import { shows } from '../../stories/plays';

const meta = {
  title: 'Dashboard/Agents/Versions/Unpublished changes',
  component: UnpublishedChangesStrip,
  args: { liveVersion: 3, changes: draftChanges, onDiscard: fn() },
} satisfies Meta<typeof UnpublishedChangesStrip>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Changes: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const strip = c.getByRole('region', { name: 'Unpublished changes' });
    await expect(within(strip).getByText(/4 changes since version 3 \(live\)/)).toBeVisible();
    await expect(within(strip).getByRole('table')).toBeVisible();
    // The list folds away and comes back.
    await userEvent.click(within(strip).getByRole('button', { name: 'Hide changes' }));
    await expect(within(strip).queryByRole('table')).toBeNull();
    await userEvent.click(within(strip).getByRole('button', { name: 'Show changes' }));
    await expect(within(strip).getByRole('table')).toBeVisible();
    // Discard asks first; Cancel keeps the draft.
    await userEvent.click(within(strip).getByRole('button', { name: 'Discard' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Discard the unpublished changes?',
    });
    await expect(within(dialog).getByText(/goes back to version 3/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(args.onDiscard).not.toHaveBeenCalled();
    await userEvent.click(within(strip).getByRole('button', { name: 'Discard' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }),
    );
    await expect(args.onDiscard).toHaveBeenCalledTimes(1);
  },
};
export const ChangesDark: Story = { ...Changes, globals: { theme: 'dark' } };

export const OneChange: Story = {
  args: { changes: draftChanges.slice(0, 1) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/1 change since version 3/)).toBeVisible();
  },
};
export const OneChangeDark: Story = { ...OneChange, globals: { theme: 'dark' } };

export const Discarding: Story = {
  args: { discarding: true },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: 'Discarding...' }),
    ).toBeDisabled();
  },
};
export const DiscardingDark: Story = { ...Discarding, globals: { theme: 'dark' } };

export const DiscardFailed: Story = {
  args: { error: 'HTTP 500: Internal Server Error' },
  play: shows('The draft could not be discarded'),
};
export const DiscardFailedDark: Story = { ...DiscardFailed, globals: { theme: 'dark' } };

export const NeverPublished: Story = {
  args: { liveVersion: null },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText(/Not published yet/)).toBeVisible();
    await expect(c.queryByRole('button', { name: 'Discard' })).toBeNull();
  },
};
export const NeverPublishedDark: Story = { ...NeverPublished, globals: { theme: 'dark' } };

export const UpToDate: Story = {
  args: { changes: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('region')).toBeNull();
  },
};
export const UpToDateDark: Story = { ...UpToDate, globals: { theme: 'dark' } };
