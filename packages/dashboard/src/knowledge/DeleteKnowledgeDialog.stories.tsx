import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { DeleteKnowledgeDialog } from './DeleteKnowledgeDialog';

const meta = {
  title: 'Dashboard/Knowledge/Delete knowledge dialog',
  component: DeleteKnowledgeDialog,
  args: {
    open: true,
    onOpenChange: fn(),
    onConfirm: fn(),
    target: 'base',
    name: 'Clinic FAQ',
  },
} satisfies Meta<typeof DeleteKnowledgeDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const KnowledgeBase: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Knowledge Base' });
    await expect(dialog).toHaveTextContent(
      'Are you sure you want to delete the knowledge base "Clinic FAQ"?',
    );
    await expect(dialog).toHaveTextContent('This action cannot be undone');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(args.onConfirm).toHaveBeenCalled();
  },
};

export const Document: Story = {
  args: { target: 'document', name: 'Getting started.md' },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Document' });
    await expect(dialog).toHaveTextContent('This action cannot be undone');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

export const Deleting: Story = {
  args: { busy: true },
  play: async () => {
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Knowledge Base' });
    await expect(within(dialog).getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
  },
};

/** The dialog holds one state at a time; this is its fullest: a document delete in progress. */
export const AllStates: Story = {
  args: { target: 'document', name: 'Getting started.md', busy: true },
  play: async () => {
    await expect(await screen.findByRole('alertdialog', { name: 'Delete Document' })).toBeVisible();
  },
};
export const AllStatesDark: Story = { ...AllStates, globals: { theme: 'dark' } };
