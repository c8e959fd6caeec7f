import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TextArea } from './TextArea';
import { Stack } from '../../stories/Layout';

const meta = {
  title: 'UI/TextArea',
  component: TextArea,
  args: { label: 'System prompt', value: '', onChange: fn() },
} satisfies Meta<typeof TextArea>;
export default meta;
type Story = StoryObj<typeof meta>;

function Controlled() {
  const [value, setValue] = useState('');
  return <TextArea label="Message" value={value} onChange={setValue} maxLength={160} rows={4} />;
}

export const Counting: Story = {
  render: () => <Controlled />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByLabelText('Message'), 'Hello');
    await expect(c.getByText('5/160')).toBeVisible();
  },
};

function AllStatesView() {
  return (
    <Stack>
      <TextArea
        label="Empty"
        value=""
        onChange={() => {}}
        placeholder="You are a helpful assistant…"
      />
      <TextArea
        label="With counter"
        value="Hello! How can I help you today?"
        onChange={() => {}}
        maxLength={200}
      />
      <TextArea
        label="With help"
        value=""
        onChange={() => {}}
        description="Saved 2 s after you stop typing."
      />
      <TextArea
        label="Invalid"
        value=""
        onChange={() => {}}
        errorMessage="Message text is required"
      />
      <TextArea label="Disabled" value="Locked while not editing" onChange={() => {}} disabled />
    </Stack>
  );
}
export const AllStates: Story = { render: () => <AllStatesView /> };
export const AllStatesDark: Story = { render: () => <AllStatesView />, globals: { theme: 'dark' } };
