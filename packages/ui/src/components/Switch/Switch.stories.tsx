import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Switch } from './Switch';
import { Stack } from '../../stories/Layout';

const meta = {
  title: 'UI/Switch',
  component: Switch,
  args: { label: 'Interim results', checked: false, onCheckedChange: fn() },
} satisfies Meta<typeof Switch>;
export default meta;
type Story = StoryObj<typeof meta>;

function Controlled() {
  const [checked, setChecked] = useState(false);
  return <Switch label="Interim results" checked={checked} onCheckedChange={setChecked} />;
}

export const Toggling: Story = {
  render: () => <Controlled />,
  play: async ({ canvasElement }) => {
    const sw = within(canvasElement).getByRole('switch', { name: 'Interim results' });
    await userEvent.click(sw);
    await expect(sw).toBeChecked();
  },
};

function AllStatesView() {
  return (
    <Stack>
      <Switch label="Off" checked={false} onCheckedChange={() => {}} />
      <Switch label="On" checked onCheckedChange={() => {}} description="Replace extra spaces" />
      <Switch label="Disabled off" checked={false} onCheckedChange={() => {}} disabled />
      <Switch label="Disabled on" checked onCheckedChange={() => {}} disabled />
    </Stack>
  );
}
export const AllStates: Story = { render: () => <AllStatesView /> };
export const AllStatesDark: Story = { render: () => <AllStatesView />, globals: { theme: 'dark' } };
