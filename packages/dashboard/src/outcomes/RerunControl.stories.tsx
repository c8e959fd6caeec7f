import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { RerunControl } from './RerunControl';
import { finishedRerun, runningRerun } from './outcomeFixtures';

const meta = {
  title: 'Dashboard/Outcomes/Re-run analysis',
  component: RerunControl,
  args: {
    since: '2026-11-21',
    until: '',
    onSinceChange: fn(),
    onUntilChange: fn(),
    onStart: fn(),
    editing: true,
    latest: null,
  },
} satisfies Meta<typeof RerunControl>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing re-run yet: choose the days and start. */
export const Idle: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByLabelText('Ended until (optional)'), '2026-11-25');
    await expect(args.onUntilChange).toHaveBeenCalled();
    await userEvent.click(c.getByRole('button', { name: 'Re-run analysis' }));
    await expect(args.onStart).toHaveBeenCalledOnce();
  },
};
export const IdleDark: Story = { globals: { theme: 'dark' } };

/** Running: its progress (a bar and words); another cannot start meanwhile. */
export const Running: Story = {
  args: { latest: runningRerun },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('progressbar', { name: 'Re-analysis progress' })).toHaveAttribute(
      'value',
      '16',
    );
    await expect(
      c.getByText('Re-analysing: 16 of 40 conversations (12 analysed, 3 skipped, 1 failed)'),
    ).toBeVisible();
    await expect(c.getByRole('button', { name: 'Re-run analysis' })).toBeDisabled();
  },
};
export const RunningDark: Story = { ...Running, globals: { theme: 'dark' } };

/** Finished: the counts. */
export const Finished: Story = {
  args: { latest: finishedRerun },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText(/^Finished: 40 conversations/)).toBeVisible();
    await expect(c.getByRole('button', { name: 'Re-run analysis' })).toBeEnabled();
  },
};

/** The start was refused: why. */
export const Error: Story = {
  args: { error: 'Ended until must not be before Ended since' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('Ended until must not be before Ended since'),
    ).toBeVisible();
  },
};
export const ErrorDark: Story = { ...Error, globals: { theme: 'dark' } };
