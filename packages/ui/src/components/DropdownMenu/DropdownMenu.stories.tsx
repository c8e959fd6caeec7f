import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { DropdownMenu } from './DropdownMenu';
import { Button } from '../Button';

const meta = {
  title: 'UI/DropdownMenu',
  component: DropdownMenu,
  args: {
    label: 'User menu',
    trigger: <Button variant="ghost">Ada Lovelace</Button>,
    header: <span>ada@example.com · Developer · Acme Labs</span>,
    items: [
      { label: 'Account', onSelect: fn() },
      { label: 'Logging out...', onSelect: fn(), disabled: true, danger: true },
      { label: 'Log out', onSelect: fn(), danger: true },
    ],
  },
} satisfies Meta<typeof DropdownMenu>;
export default meta;
type Story = StoryObj<typeof meta>;

export const EscapeAndOutsideClick: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Ada Lovelace' });
    await userEvent.click(trigger);
    await screen.findByRole('menu', { name: 'User menu' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await expect(trigger).toHaveFocus();
    await userEvent.click(trigger);
    await screen.findByRole('menu', { name: 'User menu' });
    await userEvent.pointer({ keys: '[MouseLeft>]', target: canvasElement });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  },
};

export const KeyboardSelect: Story = {
  play: async ({ canvasElement, args }) => {
    within(canvasElement).getByRole('button', { name: 'Ada Lovelace' }).focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'User menu' });
    await waitFor(() =>
      expect(within(menu).getByRole('menuitem', { name: 'Account' })).toHaveFocus(),
    );
    await userEvent.keyboard('{Enter}');
    await expect(args.items[0]?.onSelect).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  },
};

/** Open, with a header, a normal, a disabled and a danger item. */
export const AllStates: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Ada Lovelace' }));
    await screen.findByRole('menu', { name: 'User menu' });
  },
};
export const AllStatesDark: Story = { ...AllStates, globals: { theme: 'dark' } };
