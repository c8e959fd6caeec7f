import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Select, type SelectItem } from './Select';
import { expectNoAxeViolations } from '../../test/axe';

const items: SelectItem[] = [
  { value: 'openai', label: 'OpenAI' },
  { value: 'anthropic', label: 'Anthropic' },
  { value: 'legacy', label: 'Legacy provider', disabled: true },
  { value: 'google', label: 'Google' },
];

function Controlled(props: {
  initial?: string;
  onValueChange?: (v: string) => void;
  description?: string;
  errorMessage?: string;
}) {
  const [value, setValue] = useState(props.initial ?? '');
  return (
    <div>
      <p>Outside area</p>
      <Select
        label="Model provider"
        value={value}
        onValueChange={(v) => {
          props.onValueChange?.(v);
          setValue(v);
        }}
        items={items}
        placeholder="Choose a provider"
        description={props.description}
        errorMessage={props.errorMessage}
      />
    </div>
  );
}

describe('Select', () => {
  it('given no value › is a combobox named by its label showing the placeholder', () => {
    render(<Controlled />);
    const trigger = screen.getByRole('combobox', { name: 'Model provider' });
    expect(trigger).toHaveTextContent('Choose a provider');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveAttribute('data-placeholder');
  });

  it('given a value › shows its label in the trigger', () => {
    render(<Controlled initial="anthropic" />);
    expect(screen.getByRole('combobox', { name: 'Model provider' })).toHaveTextContent('Anthropic');
  });

  it('given a click › opens a labelled listbox and choosing an option reports its value', async () => {
    const onValueChange = vi.fn();
    render(<Controlled onValueChange={onValueChange} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Model provider' }));
    const listbox = await screen.findByRole('listbox', { name: 'Model provider' });
    expect(listbox).toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: 'Google' }));
    expect(onValueChange).toHaveBeenCalledWith('google');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(screen.getByRole('combobox', { name: 'Model provider' })).toHaveTextContent('Google');
  });

  it('given Enter on the trigger › opens; arrows move past disabled items; Enter chooses', async () => {
    const onValueChange = vi.fn();
    render(<Controlled initial="anthropic" onValueChange={onValueChange} />);
    screen.getByRole('combobox', { name: 'Model provider' }).focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('listbox');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Anthropic' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Google' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    expect(onValueChange).toHaveBeenCalledWith('google');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(screen.getByRole('combobox', { name: 'Model provider' })).toHaveFocus();
  });

  it('given Space or ArrowDown on the trigger › opens the list', async () => {
    render(<Controlled />);
    const trigger = screen.getByRole('combobox', { name: 'Model provider' });
    trigger.focus();
    await userEvent.keyboard(' ');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    await screen.findByRole('listbox');
  });

  it('given Escape › closes without choosing and focus returns to the trigger', async () => {
    const onValueChange = vi.fn();
    render(<Controlled initial="openai" onValueChange={onValueChange} />);
    const trigger = screen.getByRole('combobox', { name: 'Model provider' });
    await userEvent.click(trigger);
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(onValueChange).not.toHaveBeenCalled();
  });

  it('given a disabled item › it cannot be chosen', async () => {
    const onValueChange = vi.fn();
    render(<Controlled onValueChange={onValueChange} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Model provider' }));
    const option = await screen.findByRole('option', { name: 'Legacy provider' });
    expect(option).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(option);
    expect(onValueChange).not.toHaveBeenCalled();
  });

  it('given a description › describes the trigger', () => {
    render(<Controlled description="Used for every reply" />);
    expect(screen.getByRole('combobox', { name: 'Model provider' })).toHaveAccessibleDescription(
      'Used for every reply',
    );
  });

  it('given an error › marks the trigger invalid and describes it with the message', () => {
    render(<Controlled description="help" errorMessage="Choose a provider first" />);
    const trigger = screen.getByRole('combobox', { name: 'Model provider' });
    expect(trigger).toHaveAttribute('aria-invalid', 'true');
    expect(trigger).toHaveAccessibleDescription('Choose a provider first');
    expect(screen.queryByText('help')).toBeNull();
  });

  it('given disabled › does not open', async () => {
    render(<Select label="Voice" value="" onValueChange={() => {}} items={items} disabled />);
    const trigger = screen.getByRole('combobox', { name: 'Voice' });
    expect(trigger).toBeDisabled();
    await userEvent.click(trigger);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('has no axe violations closed and open', async () => {
    const { container } = render(<Controlled errorMessage="Required" />);
    await expectNoAxeViolations(container);
    await userEvent.click(screen.getByRole('combobox', { name: 'Model provider' }));
    await screen.findByRole('listbox');
    await expectNoAxeViolations(document.body);
  });
});
