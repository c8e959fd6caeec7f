import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent } from 'storybook/test';
import { ToolStepList } from './ToolStepList';

const meta = {
  title: 'Dashboard/Chat/Tool steps',
  component: ToolStepList,
  args: {
    steps: [
      {
        id: 't1',
        tool: 'check_slots',
        input: '{"day":"monday"}',
        output: '{"slots":["10:00","14:30"]}',
        durationMs: 182,
      },
      {
        id: 't2',
        tool: 'book_slot',
        input: '{"slot":"10:00"}',
        output: 'Error: The tool did not answer within 10 s',
        durationMs: 10004,
        error: true,
      },
    ],
  },
} satisfies Meta<typeof ToolStepList>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Collapsed: name and time; opened: arguments and result. */
export const Steps: Story = {
  play: async () => {
    const list = await screen.findByRole('list', { name: 'Tool calls' });
    await expect(list).toHaveTextContent('check_slots');
    await expect(list).toHaveTextContent('182 ms');
    await expect(list).toHaveTextContent('10.0 s');
    await expect(screen.getByText('Failed')).toBeVisible();
    await expect(screen.getAllByText('Arguments')[0]).not.toBeVisible();
    await userEvent.click(screen.getByText('check_slots'));
    await expect(screen.getAllByText('Arguments')[0]).toBeVisible();
    await expect(list).toHaveTextContent('"day": "monday"');
  },
};
export const StepsDark: Story = { ...Steps, globals: { theme: 'dark' } };

/** A tool that has not answered yet. */
export const Running: Story = {
  args: { steps: [{ id: 't3', tool: 'lookup_order', input: '{"order":"A-17"}', output: '' }] },
  play: async () => {
    await userEvent.click(await screen.findByText('lookup_order'));
    await expect(await screen.findByText('(no answer yet)')).toBeVisible();
  },
};
export const RunningDark: Story = { ...Running, globals: { theme: 'dark' } };
