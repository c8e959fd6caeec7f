import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Slider } from './Slider';
import { Stack } from '../../stories/Layout';

const meta = {
  title: 'UI/Slider',
  component: Slider,
  args: {
    label: 'Temperature',
    value: 0.7,
    onValueChange: fn(),
    min: 0,
    max: 2,
    step: 0.1,
    formatValue: (n: number) => n.toFixed(1),
  },
} satisfies Meta<typeof Slider>;
export default meta;
type Story = StoryObj<typeof meta>;

function Controlled({ onValueChange }: { onValueChange: (value: number) => void }) {
  const [value, setValue] = useState(1000);
  return (
    <Slider
      label="Max response tokens"
      value={value}
      onValueChange={(v) => {
        onValueChange(v);
        setValue(v);
      }}
      min={100}
      max={4000}
      step={100}
      formatValue={(n) => `${n.toLocaleString('en-US')} tokens`}
      description="Longer answers cost more."
    />
  );
}

export const ArrowKeys: Story = {
  render: (args) => <Controlled onValueChange={args.onValueChange} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    const slider = canvas.getByRole('slider', { name: 'Max response tokens' });
    await expect(slider).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(1100);
    await userEvent.keyboard('{ArrowRight}');
    await expect(slider).toHaveAttribute('aria-valuetext', '1,200 tokens');
    await expect(canvas.getByText('1,200 tokens')).toBeVisible();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(900);
    await userEvent.keyboard('{End}');
    await expect(slider).toHaveAttribute('aria-valuenow', '4000');
  },
};

const noop = () => {};

function AllStatesView() {
  return (
    <Stack>
      <Slider label="Minimum" value={0} onValueChange={noop} min={0} max={2} step={0.1} />
      <Slider
        label="Middle, formatted"
        value={0.7}
        onValueChange={noop}
        min={0}
        max={2}
        step={0.1}
        formatValue={(n) => n.toFixed(1)}
        description="Higher values make replies more creative."
      />
      <Slider label="Maximum" value={100} onValueChange={noop} min={0} max={100} step={5} />
      <Slider
        label="Disabled"
        value={40}
        onValueChange={noop}
        min={0}
        max={100}
        step={1}
        formatValue={(n) => `${n}%`}
        disabled
      />
      <Slider
        label="A very long label that keeps going to show how long content behaves next to the value"
        value={3}
        onValueChange={noop}
        min={1}
        max={10}
        step={1}
        formatValue={(n) => `${n} of 10 retries before giving up`}
      />
    </Stack>
  );
}
export const AllStates: Story = { render: () => <AllStatesView /> };
export const AllStatesDark: Story = { render: () => <AllStatesView />, globals: { theme: 'dark' } };
