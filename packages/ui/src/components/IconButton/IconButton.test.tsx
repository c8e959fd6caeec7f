import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IconButton } from './IconButton';
import { expectNoAxeViolations } from '../../test/axe';

const Icon = () => <svg aria-hidden="true" width="16" height="16" />;

describe('IconButton', () => {
  it('given a label › is named by it and presses by click, Enter and Space', async () => {
    const onClick = vi.fn();
    render(<IconButton label="Delete Agent" icon={<Icon />} onClick={onClick} />);
    const btn = screen.getByRole('button', { name: 'Delete Agent' });
    await userEvent.click(btn);
    btn.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(onClick).toHaveBeenCalledTimes(3);
  });

  it('given disabled › does not fire', async () => {
    const onClick = vi.fn();
    render(<IconButton label="Analytics" icon={<Icon />} onClick={onClick} disabled />);
    await userEvent.click(screen.getByRole('button', { name: 'Analytics' }));
    expect(onClick).not.toHaveBeenCalled();
  });

  it('given hover or keyboard focus › its label shows in a tooltip (no native title)', async () => {
    render(<IconButton label="Generate QR code" icon={<Icon />} />);
    const btn = screen.getByRole('button', { name: 'Generate QR code' });
    expect(btn).not.toHaveAttribute('title');
    await userEvent.tab();
    expect(btn).toHaveFocus();
    expect((await screen.findByRole('tooltip')).textContent).toContain('Generate QR code');
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <div>
        <IconButton label="Open Agent" icon={<Icon />} />
        <IconButton label="Delete Agent" icon={<Icon />} variant="danger" />
        <IconButton label="Copy" icon={<Icon />} variant="secondary" size="sm" />
      </div>,
    );
    await expectNoAxeViolations(container);
  });
});
