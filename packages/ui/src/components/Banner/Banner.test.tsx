import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Banner } from './Banner';
import { RetryBanner } from './RetryBanner';
import { expectNoAxeViolations } from '../../test/axe';

afterEach(() => {
  vi.useRealTimers();
});

describe('Banner', () => {
  it('given tone error › is an alert with its title and message', () => {
    render(<Banner tone="error" title="Failed to load agents from server" message="HTTP 500" />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Failed to load agents from server');
    expect(alert).toHaveTextContent('HTTP 500');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it.each(['success', 'info', 'warning'] as const)('given tone %s › is a polite status', (tone) => {
    render(<Banner tone={tone} title="Saving..." />);
    expect(screen.getByRole('status')).toHaveAttribute('data-tone', tone);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('given an action › renders its button and calls onClick', async () => {
    const onClick = vi.fn();
    render(<Banner tone="error" title="API Key Missing" action={{ label: 'Refresh', onClick }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('RetryBanner › an alert whose Retry calls onRetry; without onRetry, no button', async () => {
    const onRetry = vi.fn();
    const { rerender } = render(
      <RetryBanner title="Could not load the calls" message="HTTP 500" onRetry={onRetry} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the calls');
    expect(screen.getByRole('alert')).toHaveTextContent('HTTP 500');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    rerender(<RetryBanner title="Could not load the calls" />);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('given dismissible › the Dismiss button hides it and calls onDismiss', async () => {
    const onDismiss = vi.fn();
    render(<Banner tone="success" title="Saved" dismissible onDismiss={onDismiss} />);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('given not dismissible › renders no Dismiss button', () => {
    render(<Banner tone="info" title="Saving..." />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('given autoDismissMs 5000 › stays for 4999 ms, then hides and calls onDismiss once', () => {
    // Manual clock: the 1 ms boundary must not move with real time.
    vi.useFakeTimers();
    const onDismiss = vi.fn();
    render(
      <Banner tone="info" title="Numbers synced" autoDismissMs={5000} onDismiss={onDismiss} />,
    );
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByRole('status')).toHaveTextContent('Numbers synced');
    expect(onDismiss).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
    expect(onDismiss).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(10000));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('given an auto-dismissed banner › shows again when its message changes', () => {
    // Manual clock: the 1 ms boundary must not move with real time.
    vi.useFakeTimers();
    const { rerender } = render(<Banner tone="error" title="Send failed" autoDismissMs={5000} />);
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<Banner tone="error" title="Send failed again" autoDismissMs={5000} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Send failed again');
  });

  it('given a re-render with a new onDismiss › does not restart the timer', () => {
    // Manual clock: the 1 ms boundary must not move with real time.
    vi.useFakeTimers();
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = render(
      <Banner tone="success" title="Saved" autoDismissMs={4000} onDismiss={first} />,
    );
    act(() => vi.advanceTimersByTime(3000));
    rerender(<Banner tone="success" title="Saved" autoDismissMs={4000} onDismiss={second} />);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('status')).toBeNull();
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('given busy and children › shows the extra content', () => {
    render(
      <Banner tone="warning" title="API Key Missing" busy>
        <ul>
          <li>Session timeout</li>
        </ul>
      </Banner>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Session timeout');
  });

  it('has no axe violations in each tone', async () => {
    const { container } = render(
      <div>
        <Banner tone="success" title="Saved" dismissible />
        <Banner
          tone="error"
          title="Failed"
          message="HTTP 500"
          action={{ label: 'Retry', onClick: () => {} }}
        />
        <Banner tone="info" title="Saving..." busy />
        <Banner tone="warning" title="Invalid API Key Format" />
      </div>,
    );
    await expectNoAxeViolations(container);
  });
});
