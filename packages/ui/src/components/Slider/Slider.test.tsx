import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Slider } from './Slider';
import { expectNoAxeViolations } from '../../test/axe';

function Controlled(props: {
  initial?: number;
  step?: number;
  onValueChange?: (v: number) => void;
  formatValue?: (v: number) => string;
  description?: string;
}) {
  const [value, setValue] = useState(props.initial ?? 0.7);
  return (
    <Slider
      label="Temperature"
      value={value}
      onValueChange={(v) => {
        props.onValueChange?.(v);
        setValue(v);
      }}
      min={0}
      max={2}
      step={props.step ?? 0.1}
      formatValue={props.formatValue}
      description={props.description}
    />
  );
}

describe('Slider', () => {
  it('given a label › is a slider named by it with its range and value', () => {
    render(<Controlled />);
    const slider = screen.getByRole('slider', { name: 'Temperature' });
    expect(slider).toHaveAttribute('aria-valuemin', '0');
    expect(slider).toHaveAttribute('aria-valuemax', '2');
    expect(slider).toHaveAttribute('aria-valuenow', '0.7');
    expect(slider).not.toHaveAttribute('aria-valuetext');
    expect(screen.getByText('0.7')).toBeInTheDocument();
  });

  it('given arrow keys › changes the value by step', async () => {
    const onValueChange = vi.fn();
    render(<Controlled initial={1} step={0.25} onValueChange={onValueChange} />);
    const slider = screen.getByRole('slider', { name: 'Temperature' });
    slider.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(onValueChange).toHaveBeenLastCalledWith(1.25);
    await userEvent.keyboard('{ArrowUp}');
    expect(onValueChange).toHaveBeenLastCalledWith(1.5);
    await userEvent.keyboard('{ArrowLeft}');
    await userEvent.keyboard('{ArrowLeft}');
    await userEvent.keyboard('{ArrowDown}');
    expect(onValueChange).toHaveBeenLastCalledWith(0.75);
    expect(slider).toHaveAttribute('aria-valuenow', '0.75');
  });

  it('given Home and End › jumps to min and max, never past them', async () => {
    const onValueChange = vi.fn();
    render(<Controlled initial={1} onValueChange={onValueChange} />);
    screen.getByRole('slider', { name: 'Temperature' }).focus();
    await userEvent.keyboard('{End}');
    expect(onValueChange).toHaveBeenLastCalledWith(2);
    onValueChange.mockClear();
    await userEvent.keyboard('{ArrowRight}');
    expect(onValueChange).not.toHaveBeenCalled();
    await userEvent.keyboard('{Home}');
    expect(onValueChange).toHaveBeenLastCalledWith(0);
  });

  it('given formatValue › shows the text next to the label and announces it as aria-valuetext', async () => {
    render(<Controlled initial={1} formatValue={(n) => `${n.toFixed(1)} (balanced)`} />);
    const slider = screen.getByRole('slider', { name: 'Temperature' });
    expect(slider).toHaveAttribute('aria-valuetext', '1.0 (balanced)');
    expect(screen.getByText('1.0 (balanced)')).toBeInTheDocument();
    slider.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuetext', '1.1 (balanced)');
    expect(screen.getByText('1.1 (balanced)')).toBeInTheDocument();
  });

  it('given a description › describes the slider', () => {
    render(<Controlled description="Higher is more creative" />);
    expect(screen.getByRole('slider', { name: 'Temperature' })).toHaveAccessibleDescription(
      'Higher is more creative',
    );
  });

  it('given disabled › is not focusable and keys do nothing', async () => {
    const onValueChange = vi.fn();
    render(
      <Slider
        label="Max tokens"
        value={512}
        onValueChange={onValueChange}
        min={64}
        max={4096}
        step={64}
        disabled
      />,
    );
    const slider = screen.getByRole('slider', { name: 'Max tokens' });
    expect(slider).toHaveAttribute('aria-disabled', 'true');
    expect(slider).not.toHaveAttribute('tabindex');
    await userEvent.tab();
    expect(slider).not.toHaveFocus();
    slider.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(onValueChange).not.toHaveBeenCalled();
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <Controlled formatValue={(n) => n.toFixed(1)} description="Higher is more creative" />,
    );
    await expectNoAxeViolations(container);
  });
});
