import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { ConfirmDialog } from './ConfirmDialog';

const meta = {
  title: 'UI/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    open: true,
    onOpenChange: fn(),
    onConfirm: fn(),
    title: 'Delete Agent',
    message: 'Are you sure you want to delete "support"?',
    detail: 'This action cannot be undone and will permanently remove the agent and all its data.',
    confirmLabel: 'Delete Agent',
    busyLabel: 'Deleting...',
  },
} satisfies Meta<typeof ConfirmDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Confirm: Story = {
  play: async ({ args }) => {
    await expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Agent' }));
    await expect(args.onConfirm).toHaveBeenCalled();
  },
};

export const Busy: Story = {
  args: { busy: true },
  play: async () => {
    await expect(screen.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    await expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  },
};

export const AllStates: Story = {};
export const AllStatesDark: Story = { globals: { theme: 'dark' } };
export const PrimaryTone: Story = {
  args: {
    tone: 'primary',
    title: 'Publish agent',
    message: 'Publish now?',
    confirmLabel: 'Publish',
    detail: undefined,
  },
};
