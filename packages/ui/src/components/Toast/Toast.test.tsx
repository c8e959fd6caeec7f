import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastProvider, useToast } from './Toast';
import { expectNoAxeViolations } from '../../test/axe';
// The toasts' code, which ToastProvider loads after the page, already here: each test waits for
// its toast, not for a loaded machine to import Radix.
import './ToastHost';

function Trigger({
  tone = 'success' as const,
  durationMs,
}: {
  tone?: 'success' | 'error';
  durationMs?: number;
}) {
  const toast = useToast();
  return (
    <button
      type="button"
      onClick={() => toast.show({ title: 'Prompt saved successfully', tone, durationMs })}
    >
      Save
    </button>
  );
}

describe('Toast', () => {
  it('given show › displays the toast and Dismiss removes it', async () => {
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Prompt saved successfully')).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Dismiss notification' })).toBeNull(),
    );
  });

  it('given a duration › closes by itself after it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      render(
        <ToastProvider>
          <Trigger durationMs={4000} />
        </ToastProvider>,
      );
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(
        await screen.findByRole('button', { name: 'Dismiss notification' }),
      ).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(4100));
      await waitFor(() =>
        expect(screen.queryByRole('button', { name: 'Dismiss notification' })).toBeNull(),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('useToast outside the provider › throws a clear error', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Trigger />)).toThrow('useToast must be used inside <ToastProvider>');
    spy.mockRestore();
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expectNoAxeViolations(container);
  });
});
