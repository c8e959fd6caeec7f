import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextField } from './TextField';
import { expectNoAxeViolations } from '../../test/axe';

function Controlled(props: {
  errorMessage?: string;
  description?: string;
  onChange?: (v: string) => void;
}) {
  const [value, setValue] = useState('');
  return (
    <TextField
      label="Agent Identifier"
      value={value}
      onChange={(v) => {
        props.onChange?.(v);
        setValue(v);
      }}
      description={props.description}
      errorMessage={props.errorMessage}
    />
  );
}

describe('TextField', () => {
  it('given typing › reports each value and is found by its label', async () => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    await userEvent.type(screen.getByLabelText('Agent Identifier'), 'sup');
    expect(onChange).toHaveBeenLastCalledWith('sup');
    expect(screen.getByLabelText('Agent Identifier')).toHaveValue('sup');
  });

  it('given a description › describes the input', () => {
    render(<Controlled description="3-50 characters" />);
    expect(screen.getByLabelText('Agent Identifier')).toHaveAccessibleDescription(
      '3-50 characters',
    );
  });

  it('given an error › marks it invalid and describes it with the message', () => {
    render(<Controlled description="help" errorMessage="Please enter an agent prefix" />);
    const input = screen.getByLabelText('Agent Identifier');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Please enter an agent prefix');
  });

  it('given disabled › cannot be typed into', async () => {
    const onChange = vi.fn();
    render(<TextField label="Email" value="" onChange={onChange} disabled />);
    await userEvent.type(screen.getByLabelText('Email'), 'x');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('has no axe violations', async () => {
    const { container } = render(<Controlled errorMessage="Required" />);
    await expectNoAxeViolations(container);
  });
});
