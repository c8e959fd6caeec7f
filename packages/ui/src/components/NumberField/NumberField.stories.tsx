import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { NumberField } from './NumberField';
import { Stack } from '../../stories/Layout';

const meta = {
  title: 'UI/NumberField',
  component: NumberField,
  args: { label: 'Max nudges', value: 3, onChange: fn(), minValue: 1, maxValue: 10 },
} satisfies Meta<typeof NumberField>;
export default meta;
type Story = StoryObj<typeof meta>;

function Controlled() {
  const [value, setValue] = useState(3);
  return (
    <NumberField label="Max nudges" value={value} onChange={setValue} minValue={1} maxValue={10} />
  );
}

export const Stepping: Story = {
  render: () => <Controlled />,
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Max nudges' });
    input.focus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    await expect(input).toHaveValue('5');
  },
};

function AllStatesView() {
  return (
    <Stack>
      <NumberField
        label="Nudge interval"
        value={15}
        onChange={() => {}}
        minValue={5}
        maxValue={60}
        description="5 to 60 seconds"
      />
      <NumberField label="At max" value={10} onChange={() => {}} minValue={1} maxValue={10} />
      <NumberField
        label="Invalid"
        value={0}
        onChange={() => {}}
        errorMessage="Max retries must be between 1 and 10"
      />
      <NumberField label="Disabled" value={3} onChange={() => {}} disabled />
    </Stack>
  );
}
export const AllStates: Story = { render: () => <AllStatesView /> };
export const AllStatesDark: Story = { render: () => <AllStatesView />, globals: { theme: 'dark' } };
