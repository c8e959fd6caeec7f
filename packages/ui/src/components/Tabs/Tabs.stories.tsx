import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Tabs } from './Tabs';
import { Stack } from '../../stories/Layout';

const items = [
  { value: 'model', label: 'Model' },
  { value: 'voice', label: 'Voice' },
  { value: 'transcriber', label: 'Transcriber' },
  { value: 'tools', label: 'Configurations' },
  { value: 'widget', label: 'Widget', disabled: true },
];

function Controlled({ layout }: { layout?: 'tabs' | 'responsive' }) {
  const [value, setValue] = useState('model');
  return (
    <Tabs
      label="Agent settings"
      items={items}
      value={value}
      onValueChange={setValue}
      layout={layout}
    >
      <p>Selected: {value}</p>
    </Tabs>
  );
}

const meta = { title: 'UI/Tabs', component: Controlled } satisfies Meta<typeof Controlled>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ArrowKeys: Story = {
  args: { layout: 'tabs' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('tab', { name: 'Model' }));
    await userEvent.keyboard('{ArrowRight}');
    await expect(c.getByRole('tab', { name: 'Voice' })).toHaveFocus();
    await expect(c.getByRole('tab', { name: 'Voice' })).toHaveAttribute('aria-selected', 'true');
    await expect(c.getByText('Selected: voice')).toBeVisible();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(c.getByRole('tab', { name: 'Model' })).toHaveAttribute('aria-selected', 'true');
    await expect(c.getByText('Selected: model')).toBeVisible();
  },
};

function AllStatesView() {
  return (
    <Stack>
      <Controlled layout="tabs" />
      <Controlled layout="responsive" />
      <Tabs
        label="Account"
        layout="tabs"
        value="sign-up"
        onValueChange={() => {}}
        items={[
          { value: 'sign-in', label: 'Sign in' },
          { value: 'sign-up', label: 'Sign up' },
        ]}
      />
    </Stack>
  );
}
/** A tab chosen with the mouse shows no focus ring; the keyboard brings it back. */
export const MouseThenKeyboard: Story = {
  args: { layout: 'tabs' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const voice = c.getByRole('tab', { name: 'Voice' });
    await userEvent.click(voice);
    await expect(voice).toHaveFocus();
    await expect(getComputedStyle(voice).outlineStyle).toBe('none');
    await userEvent.keyboard('{ArrowRight}');
    const next = c.getByRole('tab', { name: 'Transcriber' });
    await expect(next).toHaveFocus();
    await expect(getComputedStyle(next).outlineStyle).toBe('solid');
  },
};

export const AllStates: Story = { render: () => <AllStatesView /> };
export const AllStatesDark: Story = { render: () => <AllStatesView />, globals: { theme: 'dark' } };
