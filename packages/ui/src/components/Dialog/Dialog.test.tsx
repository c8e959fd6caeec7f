import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from './Dialog';
import { expectNoAxeViolations } from '../../test/axe';

function Harness({
  dismissible = true,
  onOpenChange = () => {},
}: {
  dismissible?: boolean;
  onOpenChange?: (o: boolean) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog
        open={open}
        onOpenChange={(o) => {
          onOpenChange(o);
          setOpen(o);
        }}
        title="Create Agent"
        description="Give it an identifier."
        dismissible={dismissible}
      >
        <label>
          Agent Identifier
          <input />
        </label>
        <button type="button">Create</button>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('given open › traps focus: Tab from the last element wraps to the first inside', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Agent' });
    expect(dialog).toHaveAccessibleDescription('Give it an identifier.');
    screen.getByRole('button', { name: 'Close' }).focus();
    await userEvent.tab();
    expect(screen.getByLabelText('Agent Identifier')).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Create' })).toHaveFocus();
    // Create is the last focusable element: Tab wraps to the first one (Close), inside the dialog.
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    expect(dialog.contains(document.activeElement)).toBe(true);
    // And Shift+Tab from the first wraps back to the last.
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Create' })).toHaveFocus();
  });

  it('given Escape › closes and returns focus to the trigger', async () => {
    const onOpenChange = vi.fn();
    render(<Harness onOpenChange={onOpenChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('given the close button › clicking it asks to close', async () => {
    const onOpenChange = vi.fn();
    render(<Harness onOpenChange={onOpenChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('given dismissible=false › Escape does not close and there is no close button', async () => {
    render(<Harness dismissible={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('has no axe violations when open', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByRole('dialog');
    await expectNoAxeViolations(document.body);
  });
});
