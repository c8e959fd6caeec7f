import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs } from './Tabs';
import { expectNoAxeViolations } from '../../test/axe';

const items = [
  { value: 'model', label: 'Model' },
  { value: 'voice', label: 'Voice' },
  { value: 'transcriber', label: 'Transcriber' },
];

function Harness({ onChange = () => {} }: { onChange?: (v: string) => void }) {
  const [value, setValue] = useState('model');
  return (
    <Tabs
      label="Agent settings"
      items={items}
      value={value}
      onValueChange={(v) => {
        onChange(v);
        setValue(v);
      }}
    >
      <p>Panel for {value}</p>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('given ArrowRight / ArrowLeft › moves and selects the next / previous tab', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'Model' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Voice' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Voice' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel for voice');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Model' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Transcriber' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(onChange.mock.calls.map((c) => c[0])).toEqual([
      'voice',
      'transcriber',
      'model',
      'transcriber',
    ]);
  });

  it('given the small-screen select › choosing an option changes the tab', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Agent settings' }),
      'transcriber',
    );
    expect(onChange).toHaveBeenCalledWith('transcriber');
    expect(screen.getByRole('tab', { name: 'Transcriber' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('given a disabled tab › arrow keys skip it', async () => {
    const onValueChange = vi.fn();
    render(
      <Tabs
        label="Account"
        layout="tabs"
        value="a"
        onValueChange={onValueChange}
        items={[
          { value: 'a', label: 'Sign in' },
          { value: 'b', label: 'Disabled', disabled: true },
          { value: 'c', label: 'Sign up' },
        ]}
      />,
    );
    expect(screen.queryByRole('combobox')).toBeNull();
    await userEvent.tab();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Sign up' })).toHaveFocus();
    expect(onValueChange).toHaveBeenCalledWith('c');
    expect(onValueChange).not.toHaveBeenCalledWith('b');
  });

  it('has no axe violations', async () => {
    const { container } = render(<Harness />);
    await expectNoAxeViolations(container);
  });

  it('given no panels › has no axe violations', async () => {
    const { container } = render(
      <Tabs label="Account" layout="tabs" items={items} value="model" onValueChange={() => {}} />,
    );
    await expectNoAxeViolations(container);
  });
});
