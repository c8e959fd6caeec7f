import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '@parley/ui';

/** A fresh NavMenu whose menu code has not loaded yet (each test imports it anew). */
async function freshNavMenu() {
  vi.resetModules();
  return (await import('./NavMenu')).NavMenu;
}

const loaded = (button: HTMLElement) =>
  waitFor(() => expect(button.ownerDocument.querySelector('[data-state]')).not.toBeNull());

describe('NavMenu', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('a press before the menu’s code arrived is kept: the menu opens once it is there', async () => {
    const NavMenu = await freshNavMenu();
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
    expect(waiting).not.toHaveAttribute('data-state');
    fireEvent.pointerDown(waiting, { button: 0 });
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Account' }));
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('the focus on the waiting trigger moves to the loaded one; then it opens as a menu does', async () => {
    const NavMenu = await freshNavMenu();
    render(
      <NavMenu
        label="Organizations"
        trigger={<button type="button">Acme</button>}
        items={[{ label: 'Create organization', onSelect: () => {} }]}
      />,
    );
    const waiting = screen.getByRole('button', { name: 'Acme' });
    expect(waiting).not.toHaveAttribute('data-state');
    waiting.focus();
    await loaded(waiting);
    const trigger = screen.getByRole('button', { name: 'Acme' });
    expect(trigger).not.toBe(waiting);
    expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menu', { name: 'Organizations' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
