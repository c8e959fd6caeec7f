import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { Badge } from './Badge';
import { badgeTones } from './Badge.css';
import { expectNoAxeViolations } from '../../test/axe';

describe('Badge', () => {
  it('given no tone › renders its text with the neutral tone', () => {
    render(<Badge>Custom URL</Badge>);
    const badge = screen.getByText('Custom URL').parentElement;
    expect(badge).toHaveAttribute('data-tone', 'neutral');
  });

  it('given a tone › exposes it as data-tone', () => {
    render(<Badge tone="danger">DELETED</Badge>);
    expect(screen.getByText('DELETED').parentElement).toHaveAttribute('data-tone', 'danger');
  });

  it('given dot › renders a decorative dot hidden from assistive tech', () => {
    const { container } = render(
      <Badge tone="success" dot>
        System Online
      </Badge>,
    );
    const hidden = container.querySelectorAll('[aria-hidden="true"]');
    expect(hidden).toHaveLength(1);
    expect(hidden[0]).toBeEmptyDOMElement();
  });

  it('given no dot › renders no dot', () => {
    const { container } = render(<Badge tone="success">active</Badge>);
    expect(container.querySelector('[aria-hidden="true"]')).toBeNull();
  });

  it('given a ref and extra props › forwards them to the span', () => {
    const ref = createRef<HTMLSpanElement>();
    render(
      <Badge ref={ref} title="Indexing technique" className="extra">
        ECONOMY
      </Badge>,
    );
    expect(ref.current).toBeInstanceOf(HTMLSpanElement);
    expect(ref.current).toHaveAttribute('title', 'Indexing technique');
    expect(ref.current).toHaveClass('extra');
  });

  it('has no axe violations in each tone', async () => {
    const { container } = render(
      <div>
        {badgeTones.map((tone) => (
          <Badge key={tone} tone={tone} dot>
            {tone}
          </Badge>
        ))}
      </div>,
    );
    await expectNoAxeViolations(container);
  });
});
