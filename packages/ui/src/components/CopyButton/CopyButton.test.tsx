import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CopyButton } from './CopyButton';
import { expectNoAxeViolations } from '../../test/axe';

/**
 * Exact-boundary timing (1999 vs 2000 ms) needs a clock that moves only when told to. With
 * `shouldAdvanceTime: true` real time ticks the fake clock in 20 ms steps, and userEvent (through
 * Testing Library's asyncWrapper) waits for such a tick after every action, so the boundary could
 * not be observed. These tests therefore use manual fake timers and `fireEvent.click` (a virtual
 * click, which react-aria's usePress handles like a screen-reader activation).
 */
function mockClipboard() {
  // userEvent.setup() installs a clipboard stub on jsdom's navigator; spy on its writeText.
  userEvent.setup();
  return vi.spyOn(navigator.clipboard, 'writeText');
}

/** Lets the clipboard promise settle and React commit. */
async function flush() {
  await act(async () => {});
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('CopyButton', () => {
  it("given a click › writes the value and shows 'Copied!' for exactly 2000 ms", async () => {
    vi.useFakeTimers();
    const writeText = mockClipboard().mockResolvedValue(undefined);
    const onCopied = vi.fn();
    render(<CopyButton value="<script src=widget.js></script>" onCopied={onCopied} />);

    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await flush();

    expect(writeText).toHaveBeenCalledWith('<script src=widget.js></script>');
    expect(onCopied).toHaveBeenCalledTimes(1);
    const button = screen.getByRole('button', { name: 'Copied!' });
    expect(button).toHaveAttribute('data-copy-state', 'copied');

    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBe(button);

    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Copy' })).toHaveAttribute('data-copy-state', 'idle');
    expect(screen.queryByText('Copied!')).toBeNull();
  });

  it("given the clipboard rejects › shows 'Copy failed' for 2000 ms, then 'Copy'", async () => {
    vi.useFakeTimers();
    mockClipboard().mockRejectedValue(new Error('Permission denied'));
    const onCopied = vi.fn();
    const onCopyError = vi.fn();
    render(<CopyButton value="secret" onCopied={onCopied} onCopyError={onCopyError} />);

    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await flush();

    expect(screen.getByRole('button', { name: 'Copy failed' })).toHaveAttribute(
      'data-copy-state',
      'failed',
    );
    expect(onCopied).not.toHaveBeenCalled();
    expect(onCopyError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Permission denied' }),
    );

    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('button', { name: 'Copy failed' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('given a second click while copied › restarts the 2000 ms period', async () => {
    vi.useFakeTimers();
    const writeText = mockClipboard().mockResolvedValue(undefined);
    render(<CopyButton value="x" />);

    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await flush();
    act(() => vi.advanceTimersByTime(1500));
    fireEvent.click(screen.getByRole('button', { name: 'Copied!' }));
    await flush();

    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledTimes(2);
  });

  it('given an unmount while copied › clears its timer', async () => {
    vi.useFakeTimers();
    mockClipboard().mockResolvedValue(undefined);
    const { unmount } = render(<CopyButton value="x" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await flush();
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('given custom labels and the keyboard › Enter copies and the labels are used', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    render(<CopyButton value="abc" label="Copy Script" copiedLabel="Script copied" />);

    await user.tab();
    expect(screen.getByRole('button', { name: 'Copy Script' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(writeText).toHaveBeenCalledWith('abc');
    expect(await screen.findByRole('button', { name: 'Script copied' })).toHaveFocus();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByRole('button', { name: 'Copy Script' })).toBeInTheDocument();
  });

  it('given the label › it is a polite live region so the change is announced', () => {
    render(<CopyButton value="x" />);
    expect(screen.getByText('Copy')).toHaveAttribute('aria-live', 'polite');
  });

  it('has no axe violations idle and copied', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const { container } = render(
      <div>
        <CopyButton value="a" />
        <CopyButton value="b" label="Copy Script" />
      </div>,
    );
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });
});
