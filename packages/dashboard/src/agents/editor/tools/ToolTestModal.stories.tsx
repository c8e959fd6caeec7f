import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { ToolTestModal } from './ToolTestModal';

const meta = {
  title: 'Dashboard/Editor/Tool test modal',
  component: ToolTestModal,
  args: {
    open: true,
    onOpenChange: fn(),
    toolName: 'check_slots',
    argumentsText: '{"day":"monday"}',
    onArgumentsChange: fn(),
    onRun: fn(),
  },
} satisfies Meta<typeof ToolTestModal>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {
  play: async ({ args }) => {
    await screen.findByRole('dialog', { name: 'Test tool check_slots' });
    await userEvent.click(screen.getByRole('button', { name: 'Run test' }));
    await expect(args.onRun).toHaveBeenCalled();
  },
};
export const ReadyDark: Story = { ...Ready, globals: { theme: 'dark' } };

export const Running: Story = {
  args: { running: true },
  play: async () => {
    await expect(await screen.findByRole('button', { name: /Running/ })).toBeDisabled();
  },
};
export const RunningDark: Story = { ...Running, globals: { theme: 'dark' } };

export const Answered: Story = {
  args: {
    result: {
      ok: true,
      dry_run: false,
      step: {
        tool: 'check_slots',
        tool_id: null,
        input: { day: 'monday' },
        output: { slots: ['10:00', '14:30'] },
        duration_ms: 182,
        error: null,
      },
    },
  },
  play: async () => {
    const result = await screen.findByRole('region', { name: 'Test result' });
    await expect(result).toHaveTextContent('Answered');
    await expect(result).toHaveTextContent('182 ms');
    await expect(result).toHaveTextContent('"10:00"');
  },
};
export const AnsweredDark: Story = { ...Answered, globals: { theme: 'dark' } };

export const Failed: Story = {
  args: {
    result: {
      ok: false,
      dry_run: false,
      step: {
        tool: 'check_slots',
        tool_id: null,
        input: { day: 'monday' },
        output: null,
        duration_ms: 10002,
        error: 'The tool did not answer within 10 s',
      },
    },
  },
  play: async () => {
    const result = await screen.findByRole('region', { name: 'Test result' });
    await expect(result).toHaveTextContent('Failed');
    await expect(result).toHaveTextContent('The tool did not answer within 10 s');
  },
};
export const FailedDark: Story = { ...Failed, globals: { theme: 'dark' } };

export const BadArguments: Story = {
  args: { argumentsText: '{ day:', argumentsError: 'The sample arguments must be valid JSON' },
  play: async () => {
    await expect(await screen.findByText('The sample arguments must be valid JSON')).toBeVisible();
  },
};
export const BadArgumentsDark: Story = { ...BadArguments, globals: { theme: 'dark' } };

export const DryRun: Story = {
  args: {
    toolName: 'end_call',
    argumentsText: '{}',
    result: {
      ok: true,
      dry_run: true,
      step: {
        tool: 'end_call',
        tool_id: null,
        input: {},
        output: 'In a call, this ends the call after the answer.',
        duration_ms: 0,
        error: null,
      },
    },
  },
  play: async () => {
    const result = await screen.findByRole('region', { name: 'Test result' });
    await expect(result).toHaveTextContent('Dry run');
  },
};
export const DryRunDark: Story = { ...DryRun, globals: { theme: 'dark' } };
