import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from './ConfirmDialog';
import { expectNoAxeViolations } from '../../test/axe';

const base = {
  open: true,
  title: 'Delete Agent',
  message: 'Are you sure you want to delete "support"?',
  detail: 'This action cannot be undone and will permanently remove the agent and all its data.',
  confirmLabel: 'Delete Agent',
  busyLabel: 'Deleting...',
};

describe('ConfirmDialog', () => {
  it('given confirm › calls onConfirm and stays open for the parent to close', async () => {
    const onConfirm = vi.fn();
    const onOpenChange = vi.fn();
    render(<ConfirmDialog {...base} onOpenChange={onOpenChange} onConfirm={onConfirm} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Agent' });
    expect(dialog).toHaveTextContent(base.message);
    expect(dialog).toHaveTextContent(base.detail);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Agent' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('given Cancel or Escape › asks to close', async () => {
    const onOpenChange = vi.fn();
    render(<ConfirmDialog {...base} onOpenChange={onOpenChange} onConfirm={() => {}} />);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    onOpenChange.mockClear();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('given busy › shows the busy label and disables both buttons', async () => {
    const onConfirm = vi.fn();
    const onOpenChange = vi.fn();
    render(<ConfirmDialog {...base} busy onOpenChange={onOpenChange} onConfirm={onConfirm} />);
    const confirm = screen.getByRole('button', { name: 'Deleting...' });
    expect(confirm).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.click(confirm);
    await userEvent.keyboard('{Escape}');
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('has no axe violations', async () => {
    render(<ConfirmDialog {...base} onOpenChange={() => {}} onConfirm={() => {}} />);
    await expectNoAxeViolations(document.body);
  });
});
