import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '@parley/ui';
import { NavMenu } from './NavMenu';

describe('NavMenu', () => {
  it('a press before the menu’s code arrived is kept: the menu opens once it is there', async () => {
    const onSelect = vi.fn();
    render(
      <NavMenu
        label="User menu"
        trigger={<Button variant="ghost">Ada</Button>}
        items={[{ label: 'Account', onSelect }]}
      />,
    );
    // The first render is the waiting trigger (the menu's chunk has not loaded yet).
    const waiting = screen.getByRole('button', { name: 'Ada' });
    expect(waiting).toHaveAttribute('aria-haspopup', 'menu');
    expect(waiting).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{Tab}');
    expect(waiting).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Account' }));
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('loaded: the trigger opens and closes it as a menu does', async () => {
    render(
      <NavMenu
        label="Organizations"
        trigger={<Button variant="ghost">Acme</Button>}
        items={[{ label: 'Create organization', onSelect: () => {} }]}
      />,
    );
    const trigger = await screen.findByRole('button', { name: 'Acme' });
    await userEvent.click(trigger);
    expect(await screen.findByRole('menu', { name: 'Organizations' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
