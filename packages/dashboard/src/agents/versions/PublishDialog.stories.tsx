import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { PublishDialog } from './PublishDialog';

const meta = {
  title: 'Dashboard/Agents/Versions/Publish dialog',
  component: PublishDialog,
  args: { open: true, onOpenChange: fn(), onPublish: fn(), nextVersion: 4 },
} satisfies Meta<typeof PublishDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AsksForANote: Story = {
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Publish the draft' }));
    await expect(dialog.getByText(/becomes version 4, live at once/)).toBeVisible();
    await userEvent.type(dialog.getByLabelText('What changed? (optional)'), '  New greeting  ');
    await userEvent.click(dialog.getByRole('button', { name: 'Publish' }));
    await expect(args.onPublish).toHaveBeenCalledWith('New greeting');
  },
};
export const AsksForANoteDark: Story = { ...AsksForANote, globals: { theme: 'dark' } };

export const Publishing: Story = {
  args: { publishing: true },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog'));
    await expect(dialog.getByRole('button', { name: 'Publishing...' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  },
};
export const PublishingDark: Story = { ...Publishing, globals: { theme: 'dark' } };
