import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { DeleteAgentModal } from './DeleteAgentModal';

const meta = {
  title: 'Dashboard/Agents/Delete agent modal',
  component: DeleteAgentModal,
  args: { open: true, agentName: 'support', onOpenChange: fn(), onConfirm: fn() },
} satisfies Meta<typeof DeleteAgentModal>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Confirm: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Agent' });
    await expect(dialog).toHaveTextContent('Are you sure you want to delete "support"?');
    await expect(dialog).toHaveTextContent(
      'This action cannot be undone and will permanently remove the agent and all its data.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete Agent' }));
    await expect(args.onConfirm).toHaveBeenCalled();
  },
};

export const Deleting: Story = {
  args: { busy: true },
  play: async () => {
    await expect(await screen.findByRole('button', { name: 'Deleting...' })).toBeDisabled();
  },
};

export const ConfirmDark: Story = { globals: { theme: 'dark' } };

/** A 49-character name without spaces stays inside the dialog (no sideways scroll), at 400 px too. */
const longName = 'customer-support-agent-for-the-northern-region-01';
export const LongName: Story = {
  args: { agentName: longName },
  play: async () => {
    await expect(longName).toHaveLength(49);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Agent' });
    await expect(dialog).toHaveTextContent(`"${longName}"`);
    await expect(dialog.scrollWidth).toBeLessThanOrEqual(dialog.clientWidth);
    const box = dialog.getBoundingClientRect();
    await expect(box.right).toBeLessThanOrEqual(window.innerWidth);
    await expect(screen.getByRole('button', { name: 'Delete Agent' })).toBeVisible();
  },
};
export const LongNameDark: Story = { ...LongName, globals: { theme: 'dark' } };
