import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { CreateOrganizationModal } from './CreateOrganizationModal';

const meta = {
  title: 'Dashboard/Shell/Create organization modal',
  component: CreateOrganizationModal,
  args: { open: true, onCreate: fn() },
} satisfies Meta<typeof CreateOrganizationModal>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Welcome! Create Your Organization' });
    await expect(dialog).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Create Organization' }));
    await expect(await screen.findByText('Organization name is required')).toBeVisible();
    await userEvent.type(screen.getByLabelText('Organization name'), 'Acme, Inc.');
    await userEvent.click(screen.getByRole('button', { name: 'Create Organization' }));
    await expect(
      await screen.findByText(
        'Organization name can only contain letters, numbers, underscores, and spaces',
      ),
    ).toBeVisible();
    await expect(args.onCreate).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText('Organization name'));
    await userEvent.type(screen.getByLabelText('Organization name'), '  Acme Labs {Enter}');
    await expect(args.onCreate).toHaveBeenCalledWith('Acme Labs');
  },
};

export const Creating: Story = { args: { busy: true } };
export const ServerError: Story = { args: { error: 'User not found' } };
export const ServerErrorDark: Story = {
  args: { error: 'User not found' },
  globals: { theme: 'dark' },
};

/** One more organization (the navbar's 'Create organization'): dismissible, with Cancel. */
export const Another: Story = {
  args: { another: true, onCancel: fn() },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Create an organization' });
    await expect(dialog).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalled();
  },
};
export const AnotherDark: Story = { ...Another, globals: { theme: 'dark' } };
