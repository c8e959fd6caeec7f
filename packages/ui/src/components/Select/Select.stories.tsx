import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Select, type SelectItem } from './Select';
import { Stack } from '../../stories/Layout';

const providers: SelectItem[] = [
  { value: 'openai', label: 'OpenAI' },
  { value: 'anthropic', label: 'Anthropic' },
  { value: 'legacy', label: 'Legacy provider', disabled: true },
  { value: 'google', label: 'Google' },
];

const meta = {
  title: 'UI/Select',
  component: Select,
  args: {
    label: 'Model provider',
    value: '',
    onValueChange: fn(),
    items: providers,
    placeholder: 'Choose a provider',
  },
} satisfies Meta<typeof Select>;
export default meta;
type Story = StoryObj<typeof meta>;

function Controlled({ onValueChange }: { onValueChange: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <Select
      label="Model provider"
      value={value}
      onValueChange={(v) => {
        onValueChange(v);
        setValue(v);
      }}
      items={providers}
      placeholder="Choose a provider"
      description="Used for every reply of this agent."
    />
  );
}

export const KeyboardChoose: Story = {
  render: (args) => <Controlled onValueChange={args.onValueChange} />,
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('combobox', { name: 'Model provider' });
    await expect(trigger).toHaveTextContent('Choose a provider');
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const listbox = await screen.findByRole('listbox', { name: 'Model provider' });
    await waitFor(() =>
      expect(within(listbox).getByRole('option', { name: 'OpenAI' })).toHaveFocus(),
    );
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() =>
      expect(within(listbox).getByRole('option', { name: 'Anthropic' })).toHaveFocus(),
    );
    await userEvent.keyboard('{Enter}');
    await expect(args.onValueChange).toHaveBeenCalledWith('anthropic');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await expect(trigger).toHaveTextContent('Anthropic');
    await expect(trigger).toHaveFocus();
  },
};

export const EscapeCloses: Story = {
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('combobox', { name: 'Model provider' });
    await userEvent.click(trigger);
    await screen.findByRole('listbox', { name: 'Model provider' });
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await expect(trigger).toHaveFocus();
    await expect(args.onValueChange).not.toHaveBeenCalled();
  },
};

/**
 * The open list: the selected option is marked, the disabled one cannot be chosen. The story
 * closes it again at the end: while open, Radix Select aria-hides the rest of the page (trigger
 * included), which axe reports as aria-hidden-focus.
 */
export const OpenList: Story = {
  args: { value: 'openai' },
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('combobox', { name: 'Model provider' });
    await userEvent.click(trigger);
    const listbox = await screen.findByRole('listbox', { name: 'Model provider' });
    const selected = within(listbox).getByRole('option', { name: 'OpenAI' });
    await expect(selected).toHaveAttribute('data-state', 'checked');
    const disabled = within(listbox).getByRole('option', { name: 'Legacy provider' });
    await expect(disabled).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(disabled);
    await expect(args.onValueChange).not.toHaveBeenCalled();
    await userEvent.click(within(listbox).getByRole('option', { name: 'Google' }));
    await expect(args.onValueChange).toHaveBeenCalledWith('google');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  },
};

const noop = () => {};

function AllStatesView() {
  return (
    <Stack>
      <Select
        label="Empty"
        value=""
        onValueChange={noop}
        items={providers}
        placeholder="Choose a provider"
      />
      <Select label="Selected" value="anthropic" onValueChange={noop} items={providers} />
      <Select
        label="With help"
        value="openai"
        onValueChange={noop}
        items={providers}
        description="Used for every reply of this agent."
      />
      <Select
        label="Invalid"
        value=""
        onValueChange={noop}
        items={providers}
        placeholder="Choose a provider"
        errorMessage="Please choose a model provider"
      />
      <Select label="Disabled" value="google" onValueChange={noop} items={providers} disabled />
      <Select
        label="Long content"
        value="long"
        onValueChange={noop}
        items={[
          {
            value: 'long',
            label: 'A very long option label that keeps going to show how long content behaves',
          },
        ]}
      />
    </Stack>
  );
}
export const AllStates: Story = { render: () => <AllStatesView /> };
export const AllStatesDark: Story = { render: () => <AllStatesView />, globals: { theme: 'dark' } };
