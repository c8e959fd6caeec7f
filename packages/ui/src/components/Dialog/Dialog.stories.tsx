import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState, type ComponentProps } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Dialog } from './Dialog';
import { Button } from '../Button';

const meta = {
  title: 'UI/Dialog',
  component: Dialog,
  args: {
    open: true,
    onOpenChange: fn(),
    title: 'Create Agent',
    description: 'Choose a kind and an identifier.',
  },
} satisfies Meta<typeof Dialog>;
export default meta;
type Story = StoryObj<typeof meta>;

function Controlled(props: Partial<ComponentProps<typeof Dialog>>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open dialog</Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Create Agent"
        description="Choose a kind and an identifier."
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button>Create Agent</Button>
          </>
        }
        {...props}
      >
        <p>Dialog body text.</p>
      </Dialog>
    </>
  );
}

export const KeyboardAndEscape: Story = {
  render: () => <Controlled />,
  play: async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Open dialog' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Agent' });
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const last = within(dialog).getByRole('button', { name: 'Create Agent' });
    // Focus moves into the dialog; Tab from the last focusable element wraps to the first.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    last.focus();
    await userEvent.tab();
    await expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    await expect(last).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(screen.getByRole('button', { name: 'Open dialog' })).toHaveFocus();
  },
};

export const NotDismissibleIgnoresEscape: Story = {
  args: {
    dismissible: false,
    title: 'Welcome! Create Your Organization',
    children: <p>Required step.</p>,
  },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Welcome! Create Your Organization' });
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).not.toHaveBeenCalled();
    await expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
  },
};

function AllStatesView() {
  return (
    <Dialog
      open
      onOpenChange={() => {}}
      title="Delete knowledge base with a long title that wraps onto two lines"
      description="This action cannot be undone"
      size="md"
      footer={
        <>
          <Button variant="secondary">Cancel</Button>
          <Button variant="danger">Delete</Button>
        </>
      }
    >
      <p>Body content of the dialog.</p>
    </Dialog>
  );
}

export const AllStates: Story = { render: () => <AllStatesView /> };
export const AllStatesDark: Story = { render: () => <AllStatesView />, globals: { theme: 'dark' } };
export const Small: Story = { args: { size: 'sm', children: <p>A small dialog.</p> } };
