import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Drawer } from './Drawer';
import { expectNoAxeViolations } from '../../test/axe';

function Harness({ onOpenChange = () => {} }: { onOpenChange?: (open: boolean) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open chat
      </button>
      <Drawer
        open={open}
        onOpenChange={(next) => {
          onOpenChange(next);
          setOpen(next);
        }}
        title="Chat with support"
        description="Test your agent before publishing."
        footer={<button type="button">Send</button>}
      >
        <input aria-label="Message" />
      </Drawer>
    </>
  );
}

describe('Drawer', () => {
  it('given open › is a labelled, described dialog with focus inside', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    const drawer = await screen.findByRole('dialog', { name: 'Chat with support' });
    expect(drawer).toHaveAccessibleDescription('Test your agent before publishing.');
    expect(drawer.contains(document.activeElement)).toBe(true);
  });

  it('given Tab on the last element › focus wraps to the first inside the drawer', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    await screen.findByRole('dialog');
    screen.getByRole('button', { name: 'Send' }).focus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Send' })).toHaveFocus();
  });

  it('given Escape › closes and returns focus to the opener', async () => {
    const onOpenChange = vi.fn();
    render(<Harness onOpenChange={onOpenChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open chat' })).toHaveFocus();
  });

  it('given Close › asks to close', async () => {
    const onOpenChange = vi.fn();
    render(<Drawer open onOpenChange={onOpenChange} title="Chat" />);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('has no axe violations', async () => {
    render(
      <Drawer open onOpenChange={() => {}} title="Chat" description="Test your agent" width="lg">
        <p>Body</p>
      </Drawer>,
    );
    await expectNoAxeViolations(document.body);
  });
});
