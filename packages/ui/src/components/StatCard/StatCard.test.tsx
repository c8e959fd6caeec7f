import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { StatCard, clampPercent } from './StatCard';
import { expectNoAxeViolations } from '../../test/axe';

describe('StatCard', () => {
  it('given a value › shows it in a group named by the label', () => {
    render(<StatCard label="Total Agents" value={12} />);
    const group = screen.getByRole('group', { name: 'Total Agents' });
    expect(group).toHaveTextContent('12');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("given loading › shows '...' instead of the value and announces Loading", () => {
    render(<StatCard label="Phone Numbers" value={3} loading />);
    const group = screen.getByRole('group', { name: 'Phone Numbers' });
    expect(screen.getByText('...')).toHaveAttribute('aria-hidden', 'true');
    expect(group).toHaveTextContent('Loading');
    expect(group).not.toHaveTextContent('3');
  });

  it('given progress › renders a progressbar labelled by the label', () => {
    render(<StatCard label="WhatsApp Numbers" value={4} progress={45} />);
    const bar = screen.getByRole('progressbar', { name: 'WhatsApp Numbers' });
    expect(bar).toHaveAttribute('value', '45');
    expect(bar).toHaveAttribute('max', '100');
  });

  it('given progress outside 0..100 › clamps it', () => {
    expect(clampPercent(-5)).toBe(0);
    expect(clampPercent(140)).toBe(100);
    expect(clampPercent(Number.NaN)).toBe(0);
    render(<StatCard label="Total Emails" value={1} progress={140} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', '100');
  });

  it('given a hint and icon › shows the hint and hides the icon', () => {
    const { container } = render(
      <StatCard label="Total Emails" value={7} hint="2 new this week" icon="✉" />,
    );
    expect(screen.getByText('2 new this week')).toBeInTheDocument();
    expect(container.querySelector('[aria-hidden="true"]')).toHaveTextContent('✉');
  });

  it('has no axe violations loaded and loading', async () => {
    const { container } = render(
      <div>
        <StatCard label="Total Agents" value={12} progress={75} icon="🤖" hint="All active" />
        <StatCard label="Phone Numbers" value={0} loading progress={60} />
      </div>,
    );
    await expectNoAxeViolations(container);
  });
});
