import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Drawer } from './Drawer';
import { Button } from '../Button';

const meta = {
  title: 'UI/Drawer',
  component: Drawer,
  parameters: { layout: 'fullscreen' },
  args: {
    open: true,
    onOpenChange: fn(),
    title: 'Chat with support',
    description: 'Test your agent before publishing.',
  },
} satisfies Meta<typeof Drawer>;
export default meta;
type Story = StoryObj<typeof meta>;

function Controlled() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open chat</Button>
      <Drawer
        open={open}
        onOpenChange={setOpen}
        title="Chat with support"
        footer={<Button>Send</Button>}
      >
        <p>Messages appear here.</p>
      </Drawer>
    </>
  );
}

export const FocusTrapAndEscape: Story = {
  render: () => <Controlled />,
  play: async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    const drawer = await screen.findByRole('dialog', { name: 'Chat with support' });
    await expect(drawer).toBeVisible();
    await waitFor(() => expect(drawer.contains(document.activeElement)).toBe(true));
    within(drawer).getByRole('button', { name: 'Send' }).focus();
    await userEvent.tab();
    await expect(within(drawer).getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(screen.getByRole('button', { name: 'Open chat' })).toHaveFocus();
  },
};

export const AllStates: Story = {
  args: {
    children: <p>Messages appear here.</p>,
    footer: <Button>Send</Button>,
  },
};
export const AllStatesDark: Story = { ...AllStates, globals: { theme: 'dark' } };
export const Wide: Story = {
  args: {
    width: 'lg',
    description: undefined,
    children: <p>A wide panel without a description.</p>,
  },
};
