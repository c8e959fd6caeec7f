import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DropdownMenu } from './DropdownMenu';
import { Button } from '../Button';
import { expectNoAxeViolations } from '../../test/axe';

function Harness({ onAccount = () => {}, onLogout = () => {} }) {
  return (
    <div>
      <p>Outside area</p>
      <DropdownMenu
        label="User menu"
        trigger={<Button variant="ghost">Ada</Button>}
        header={<span>ada@example.com</span>}
        items={[
          { label: 'Account', onSelect: onAccount },
          { label: 'Log out', onSelect: onLogout, danger: true },
        ]}
      />
    </div>
  );
}

describe('DropdownMenu', () => {
  it('given Enter on the trigger › opens; arrow keys move; Enter selects', async () => {
    const onLogout = vi.fn();
    render(<Harness onLogout={onLogout} />);
    screen.getByRole('button', { name: 'Ada' }).focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'User menu' });
    expect(menu).toHaveTextContent('ada@example.com');
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Log out' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    expect(onLogout).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('given Escape › closes and focus returns to the trigger', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Ada' }));
    await screen.findByRole('menu', { name: 'User menu' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(screen.getByRole('button', { name: 'Ada' })).toHaveFocus();
  });

  it('given a pointer down outside › closes without selecting', async () => {
    const onAccount = vi.fn();
    render(<Harness onAccount={onAccount} />);
    await userEvent.click(screen.getByRole('button', { name: 'Ada' }));
    await screen.findByRole('menu', { name: 'User menu' });
    // Only press (no release): the pointer down alone dismisses the menu.
    await userEvent.pointer({ keys: '[MouseLeft>]', target: screen.getByText('Outside area') });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(onAccount).not.toHaveBeenCalled();
  });

  it('given a disabled item › it cannot be selected', async () => {
    const onSelect = vi.fn();
    render(
      <DropdownMenu
        label="User menu"
        trigger={<Button>Ada</Button>}
        items={[{ label: 'Logging out...', onSelect, disabled: true, danger: true }]}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ada' }));
    const item = await screen.findByRole('menuitem', { name: 'Logging out...' });
    expect(item).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(item);
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('given a current item › it is marked with an icon and aria-current, its name unchanged', async () => {
    render(
      <DropdownMenu
        label="Dashboard sections"
        trigger={<Button>Agents</Button>}
        items={[
          { label: 'Overview', onSelect: () => undefined },
          { label: 'Agents', onSelect: () => undefined, current: true },
        ]}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Agents' }));
    const current = await screen.findByRole('menuitem', { name: 'Agents' });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(current).toHaveTextContent(/^Agents$/);
    expect(current.querySelector('svg')).not.toBeNull();
    expect(screen.getByRole('menuitem', { name: 'Overview' })).not.toHaveAttribute('aria-current');
    await expectNoAxeViolations(document.body);
  });

  it('has no axe violations when open', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Ada' }));
    await screen.findByRole('menu');
    await expectNoAxeViolations(document.body);
  });

  it('given choices › the current one is checked, a separator starts a group, selecting calls back', async () => {
    const onBeta = vi.fn();
    const onCreate = vi.fn();
    render(
      <DropdownMenu
        label="Organizations"
        trigger={<Button>Acme</Button>}
        items={[
          { label: 'Acme', onSelect: () => {}, checked: true },
          { label: 'Beta', onSelect: onBeta, checked: false },
          { label: 'Create organization', onSelect: onCreate, separatorBefore: true },
        ]}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Acme' }));
    const menu = await screen.findByRole('menu', { name: 'Organizations' });
    expect(screen.getByRole('menuitemcheckbox', { name: 'Acme' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(screen.getByRole('menuitemcheckbox', { name: 'Beta' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(menu.querySelectorAll('[role="separator"]')).toHaveLength(1);
    await userEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Beta' }));
    expect(onBeta).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Acme' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Create organization' }));
    expect(onCreate).toHaveBeenCalledTimes(1);
  });
});
