import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AgentTestsPanel } from './AgentTestsPanel';
import {
  fixtureFailedRun,
  fixturePassedRun,
  fixtureRefusedRun,
  fixtureRunningRun,
  fixtureTests,
} from './testFixtures';
import * as styles from './tests.css';

const meta = {
  title: 'Dashboard/Agents/Tests/Tests section',
  component: AgentTestsPanel,
  parameters: { layout: 'padded' },
  args: {
    tests: fixtureTests,
    testsMustPass: false,
    run: null,
    onGateChange: fn(),
    onRunAll: fn(),
    onRunOne: fn(),
    onNew: fn(),
    onEdit: fn(),
    onDelete: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof AgentTestsPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NotRunYet: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getAllByText('Not run')).toHaveLength(2);
    await userEvent.click(c.getByRole('button', { name: 'Run all' }));
    await expect(args.onRunAll).toHaveBeenCalled();
    await userEvent.click(c.getByRole('button', { name: 'Edit Never quotes prices' }));
    await expect(args.onEdit).toHaveBeenCalledWith(fixtureTests[1]);
    await userEvent.click(c.getByRole('switch', { name: /Tests must pass to publish/ }));
    await expect(args.onGateChange).toHaveBeenCalledWith(true);
  },
};
export const NotRunYetDark: Story = { ...NotRunYet, globals: { theme: 'dark' } };

export const RunWithFailuresAndDiffs: Story = {
  args: { run: fixtureFailedRun },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('1 of 2 passed')).toBeVisible();
    // In the list and in the result.
    await expect(c.getAllByText('Failed · 67%')).toHaveLength(2);
    await expect(c.getByText('Turn 1 · Does not contain “$”: passed → failed')).toBeVisible();
    await expect(
      c.getByText('Judge: It names 9:00 and closes with a friendly line.'),
    ).toBeVisible();
    // Failures first.
    const results = c.getAllByRole('group', { name: /^Result of/ });
    await expect(results[0]).toHaveAccessibleName('Result of Never quotes prices');
  },
};
export const RunWithFailuresAndDiffsDark: Story = {
  ...RunWithFailuresAndDiffs,
  globals: { theme: 'dark' },
};

export const AllPassed: Story = {
  args: { run: fixturePassedRun },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('2 of 2 passed')).toBeVisible();
  },
};
export const AllPassedDark: Story = { ...AllPassed, globals: { theme: 'dark' } };

export const Running: Story = {
  args: { run: fixtureRunningRun },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Running… 1 of 2 tests done')).toBeVisible();
    await expect(c.getByRole('button', { name: 'Running…' })).toBeDisabled();
  },
};
export const RunningDark: Story = { ...Running, globals: { theme: 'dark' } };

export const PublishRefused: Story = {
  args: { run: fixtureRefusedRun, testsMustPass: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Publishing was refused')).toBeVisible();
    await expect(
      c.getByText('Tests must pass to publish. Failing: “Never quotes prices”.'),
    ).toBeVisible();
    await expect(c.getByRole('switch', { name: /Tests must pass to publish/ })).toBeChecked();
  },
};
export const PublishRefusedDark: Story = { ...PublishRefused, globals: { theme: 'dark' } };

export const Empty: Story = {
  args: { tests: [] },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('No tests yet')).toBeVisible();
    await expect(c.getByRole('button', { name: 'Run all' })).toBeDisabled();
    await userEvent.click(c.getAllByRole('button', { name: 'New test' })[1]!);
    await expect(args.onNew).toHaveBeenCalled();
  },
};
export const EmptyDark: Story = { ...Empty, globals: { theme: 'dark' } };

export const Loading: Story = {
  args: { tests: [], loading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading tests...')).toBeInTheDocument();
  },
};
export const LoadingDark: Story = { ...Loading, globals: { theme: 'dark' } };

export const Failed: Story = {
  args: { tests: [], error: 'HTTP 500: Internal Server Error' },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Failed to load tests')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};
export const FailedDark: Story = { ...Failed, globals: { theme: 'dark' } };

export const AllStates: Story = {
  render: (args) => (
    <div className={styles.stack}>
      <AgentTestsPanel {...args} title="Tests (not run)" />
      <AgentTestsPanel {...args} title="Tests (failures)" run={fixtureFailedRun} />
      <AgentTestsPanel {...args} title="Tests (running)" run={fixtureRunningRun} />
      <AgentTestsPanel {...args} title="Tests (refused)" run={fixtureRefusedRun} testsMustPass />
      <AgentTestsPanel {...args} title="Tests (empty)" tests={[]} />
      <AgentTestsPanel {...args} title="Tests (loading)" tests={[]} loading />
      <AgentTestsPanel
        {...args}
        title="Tests (error)"
        tests={[]}
        error="HTTP 500: Internal Server Error"
      />
    </div>
  ),
};
export const AllStatesDark: Story = { ...AllStates, globals: { theme: 'dark' } };
