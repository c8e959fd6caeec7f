import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TextField } from './TextField';
import { Stack } from '../../stories/Layout';

const meta = {
  title: 'UI/TextField',
  component: TextField,
  args: {
    label: 'Agent Identifier',
    value: '',
    onChange: fn(),
    placeholder: 'e.g. customer-support, sales-automation',
  },
} satisfies Meta<typeof TextField>;
export default meta;
type Story = StoryObj<typeof meta>;

function Controlled() {
  const [value, setValue] = useState('');
  return <TextField label="Organization name" value={value} onChange={setValue} />;
}

export const Typing: Story = {
  render: () => <Controlled />,
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Organization name');
    await userEvent.type(input, 'Acme Labs');
    await expect(input).toHaveValue('Acme Labs');
  },
};

function AllStatesView() {
  return (
    <Stack>
      <TextField label="Empty" value="" onChange={() => {}} placeholder="Placeholder" />
      <TextField label="Filled" value="support_bot" onChange={() => {}} />
      <TextField
        label="With help"
        value=""
        onChange={() => {}}
        description="3-50 characters, lowercase letters, numbers, and underscores only."
      />
      <TextField
        label="Invalid"
        value="Bad-Id"
        onChange={() => {}}
        errorMessage="Agent prefix can only contain lowercase letters, numbers, and underscores"
      />
      <TextField label="Disabled" value="locked" onChange={() => {}} disabled />
      <TextField label="Read only" value="app-AbCd1234" onChange={() => {}} readOnly />
      <TextField label="Password" type="password" value="secret-value" onChange={() => {}} />
    </Stack>
  );
}
export const AllStates: Story = { render: () => <AllStatesView /> };
export const AllStatesDark: Story = { render: () => <AllStatesView />, globals: { theme: 'dark' } };
