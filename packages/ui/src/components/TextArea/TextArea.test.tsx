import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextArea } from './TextArea';
import { expectNoAxeViolations } from '../../test/axe';

function Controlled({
  maxLength,
  onChange,
}: {
  maxLength?: number;
  onChange?: (v: string) => void;
}) {
  const [value, setValue] = useState('');
  return (
    <TextArea
      label="System prompt"
      value={value}
      maxLength={maxLength}
      onChange={(v) => {
        onChange?.(v);
        setValue(v);
      }}
    />
  );
}

describe('TextArea', () => {
  it('given typing with newlines › reports the text', async () => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    await userEvent.type(screen.getByLabelText('System prompt'), 'Line 1{Enter}Line 2');
    expect(onChange).toHaveBeenLastCalledWith('Line 1\nLine 2');
  });

  it('given maxLength › counts and stops at the limit', async () => {
    render(<Controlled maxLength={5} />);
    await userEvent.type(screen.getByLabelText('System prompt'), 'abcdefg');
    expect(screen.getByLabelText('System prompt')).toHaveValue('abcde');
    expect(screen.getByText('5/5')).toBeInTheDocument();
  });

  it('given an error › is invalid and described by it', () => {
    render(
      <TextArea
        label="Message"
        value=""
        onChange={() => {}}
        errorMessage="Message text is required"
      />,
    );
    expect(screen.getByLabelText('Message')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription(
      'Message text is required',
    );
  });

  it('has no axe violations', async () => {
    const { container } = render(<Controlled maxLength={100} />);
    await expectNoAxeViolations(container);
  });
});
