import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './Button';
import { expectNoAxeViolations } from '../../test/axe';

describe('Button', () => {
  it('given a default button › calls onClick when clicked', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Create Agent</Button>);
    await userEvent.click(screen.getByRole('button', { name: 'Create Agent' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('given keyboard focus › Enter and Space press it', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Save</Button>);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('given busy › shows the busy label, is aria-busy and ignores presses', async () => {
    const onClick = vi.fn();
    render(
      <Button busy busyLabel="Creating Agent..." onClick={onClick}>
        Create Agent
      </Button>,
    );
    const btn = screen.getByRole('button', { name: 'Creating Agent...' });
    expect(btn).toHaveAttribute('aria-busy', 'true');
    expect(btn).toBeDisabled();
    await userEvent.click(btn);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('given disabled › does not fire', async () => {
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick}>
        Delete
      </Button>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onClick).not.toHaveBeenCalled();
  });

  it('has no axe violations in each variant', async () => {
    const { container } = render(
      <div>
        <Button variant="primary">Primary</Button>
        <Button variant="secondary">Secondary</Button>
        <Button variant="ghost">Ghost</Button>
        <Button variant="danger">Danger</Button>
        <Button busy busyLabel="Saving...">
          Save
        </Button>
      </div>,
    );
    await expectNoAxeViolations(container);
  });
});
