import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CopyField } from './CopyField';
import { expectNoAxeViolations } from '../../test/axe';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('CopyField', () => {
  it('given a label and value › renders a labelled read-only input with the value', () => {
    render(<CopyField label="Agent API URL" value="https://api.example.com/chat-messages" />);
    const input = screen.getByRole('textbox', { name: 'Agent API URL' });
    expect(input).toHaveValue('https://api.example.com/chat-messages');
    expect(input).toHaveAttribute('readonly');
  });

  it('given masked › hides the value but copies the real one', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    render(<CopyField label="Agent API key" value="app-secret-123" masked />);
    const input = screen.getByLabelText('Agent API key');
    expect(input).toHaveAttribute('type', 'password');
    expect(screen.queryByRole('textbox')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('app-secret-123');
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeInTheDocument();
  });

  it("given a copy › the button shows 'Copied!' for exactly 2000 ms", async () => {
    // Manual clock (see CopyButton.test.tsx for why not shouldAdvanceTime here).
    vi.useFakeTimers();
    userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    render(<CopyField label="Chatbot Widget Script" value="<script></script>" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await act(async () => {});
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('given the button › it is described by the field label', () => {
    render(<CopyField label="Agent API key" value="k" />);
    expect(screen.getByRole('button', { name: 'Copy' })).toHaveAccessibleDescription(
      'Agent API key',
    );
  });

  it('given focus on the input › selects the whole value', async () => {
    const user = userEvent.setup();
    render(<CopyField label="URL" value="https://example.com" />);
    await user.tab();
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'URL' });
    expect(input).toHaveFocus();
    expect(input.selectionStart).toBe(0);
    expect(input.selectionEnd).toBe('https://example.com'.length);
  });

  it('has no axe violations plain and masked', async () => {
    const { container } = render(
      <div>
        <CopyField label="Agent API URL" value="https://api.example.com" />
        <CopyField label="Agent API key" value="app-123" masked />
      </div>,
    );
    await expectNoAxeViolations(container);
  });
});
