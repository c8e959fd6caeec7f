import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { RadioGroup } from './RadioGroup';
import { Stack } from '../../stories/Layout';

const options = [
  {
    value: 'knowledge',
    label: 'Knowledge Agent',
    hint: 'Answers from your knowledge bases',
    icon: '📚',
  },
  { value: 'action', label: 'Action Agent', hint: 'Takes actions through tools', icon: '⚡' },
];

const meta = {
  title: 'UI/RadioGroup',
  component: RadioGroup,
  args: { label: 'Agent type', options, value: 'knowledge', onValueChange: fn() },
} satisfies Meta<typeof RadioGroup>;
export default meta;
type Story = StoryObj<typeof meta>;

function Controlled() {
  const [value, setValue] = useState('knowledge');
  return <RadioGroup label="Agent type" options={options} value={value} onValueChange={setValue} />;
}

export const Choosing: Story = {
  render: () => <Controlled />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const action = c.getByRole('radio', { name: 'Action Agent' });
    await userEvent.click(c.getByText('Action Agent'));
    await expect(action).toBeChecked();
    c.getByRole('radio', { name: 'Action Agent' }).focus();
    await userEvent.keyboard('{ArrowUp}');
    const knowledge = c.getByRole('radio', { name: 'Knowledge Agent' });
    await expect(knowledge).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(knowledge).toBeChecked();
  },
};

export const AllStates: Story = {
  render: (args) => (
    <Stack>
      <RadioGroup {...args} />
      <RadioGroup {...args} label="List" variant="list" value="action" />
      <RadioGroup {...args} label="Disabled" disabled />
    </Stack>
  ),
};
export const AllStatesDark: Story = { ...AllStates, globals: { theme: 'dark' } };
