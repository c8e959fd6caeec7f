import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TestingVersionBar, type TestedVersion } from './TestingVersionBar';

const meta = {
  title: 'Dashboard/Agents/Versions/Testing version',
  component: TestingVersionBar,
  args: { version: 'draft', liveVersion: 3, onVersionChange: fn() },
  render: function Render(args) {
    const [version, setVersion] = useState<TestedVersion>(args.version);
    return (
      <TestingVersionBar
        {...args}
        version={version}
        onVersionChange={(v) => {
          setVersion(v);
          args.onVersionChange(v);
        }}
      />
    );
  },
} satisfies Meta<typeof TestingVersionBar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Draft: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Testing your draft')).toBeVisible();
    await userEvent.click(c.getByRole('switch', { name: 'Use the live version' }));
    await expect(args.onVersionChange).toHaveBeenCalledWith('live');
    await expect(c.getByText('Testing version 3 (live)')).toBeVisible();
  },
};
export const DraftDark: Story = { ...Draft, globals: { theme: 'dark' } };

export const NeverPublished: Story = {
  args: { liveVersion: null },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('switch', { name: 'Use the live version' })).toBeDisabled();
    await expect(c.getByText(/only the draft can answer/)).toBeVisible();
  },
};
export const NeverPublishedDark: Story = { ...NeverPublished, globals: { theme: 'dark' } };
