import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SearchField } from './SearchField';
import { Stack } from '../../stories/Layout';

const meta = {
  title: 'UI/SearchField',
  component: SearchField,
  args: { label: 'Search agents', value: '', onChange: fn() },
} satisfies Meta<typeof SearchField>;
export default meta;
type Story = StoryObj<typeof meta>;

function Controlled() {
  const [value, setValue] = useState('');
  return (
    <SearchField
      label="Search agents"
      value={value}
      onChange={setValue}
      placeholder="Search agents…"
    />
  );
}

export const EscapeClears: Story = {
  render: () => <Controlled />,
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('searchbox', { name: 'Search agents' });
    await userEvent.type(input, 'sales');
    await userEvent.keyboard('{Escape}');
    await expect(input).toHaveValue('');
  },
};

function AllStatesView() {
  return (
    <Stack>
      <SearchField label="Empty" value="" onChange={() => {}} placeholder="Search…" />
      <SearchField label="Filled" value="support" onChange={() => {}} />
      <SearchField label="With visible label" value="" onChange={() => {}} showLabel />
    </Stack>
  );
}
export const AllStates: Story = { render: () => <AllStatesView /> };
export const AllStatesDark: Story = { render: () => <AllStatesView />, globals: { theme: 'dark' } };
