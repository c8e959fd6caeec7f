import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Spinner } from './Spinner';
import { visuallyHidden } from '../../theme/focus.css';
import { expectNoAxeViolations } from '../../test/axe';

describe('Spinner', () => {
  it('given no label › is a status announcing "Loading"', () => {
    render(<Spinner />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });

  it('given a label › announces it, visually hidden by default', () => {
    render(<Spinner label="Loading agents..." />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading agents...');
    expect(screen.getByText('Loading agents...')).toHaveClass(visuallyHidden);
  });

  it('given showLabel › shows the label visibly', () => {
    render(<Spinner label="Loading scheduled events..." showLabel />);
    expect(screen.getByText('Loading scheduled events...')).not.toHaveClass(visuallyHidden);
  });

  it('given any size › the ring is hidden from assistive tech', () => {
    const { container } = render(<Spinner size="lg" />);
    const ring = container.querySelector('[aria-hidden="true"]');
    expect(ring).not.toBeNull();
    expect(ring).toBeEmptyDOMElement();
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <div>
        <Spinner size="sm" />
        <Spinner label="Loading account" />
        <Spinner size="lg" label="Generating QR code" showLabel />
      </div>,
    );
    await expectNoAxeViolations(container);
  });
});
