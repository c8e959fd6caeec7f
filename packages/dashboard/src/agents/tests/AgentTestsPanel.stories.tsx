import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AgentTestsPanel } from './AgentTestsPanel';
import {
  fixtureFailedRun,
  fixturePassedRun,
  fixtureRefusedRun,
  fixtureRunningRun,
  fixtureSpeechMissingRun,
  fixtureTests,
  fixtureVoiceRun,
  fixtureVoiceRunning,
} from './testFixtures';
import * as styles from './tests.css';
import { retriesAfter, shows } from '../../stories/plays';

const meta = {
  title: 'Dashboard/Agents/Tests/Tests section',
  component: AgentTestsPanel,
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
    onRunVoice: fn(),
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

/** 'Run all' says what it will cost before it starts: its estimate against the budget left. */
export const WithinBudget: Story = {
  args: { budget: { model_calls_limit: 2000, model_calls_used: 120, window_hours: 24 } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const cost = c.getByText(
      "Run all: about 8 model calls (7 turns, 1 judge check) · 1,880 of 2,000 left in this organization's 24-hour test budget.",
    );
    await expect(cost).toBeVisible();
    const runAll = c.getByRole('button', { name: 'Run all' });
    await expect(runAll).toHaveAccessibleDescription(cost.textContent!);
    await userEvent.click(runAll);
    await expect(args.onRunAll).toHaveBeenCalled();
  },
};
export const WithinBudgetDark: Story = { ...WithinBudget, globals: { theme: 'dark' } };

/** More than the budget has left: Run all is disabled, the reason beside it. */
export const OverBudget: Story = {
  args: { budget: { model_calls_limit: 2000, model_calls_used: 1995, window_hours: 24 } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(
      c.getByText(
        "Run all: about 8 model calls (7 turns, 1 judge check): more than is left (5 of 2,000 left in this organization's 24-hour test budget). Run fewer tests or repetitions, or try later.",
      ),
    ).toBeVisible();
    await expect(c.getByRole('button', { name: 'Run all' })).toBeDisabled();
  },
};
export const OverBudgetDark: Story = { ...OverBudget, globals: { theme: 'dark' } };

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
  play: shows('2 of 2 passed'),
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
    // Said once by Publish Agent's banner; here only as the run's fact, never a lasting banner.
    await expect(c.getByText('Run before publishing (publishing was refused):')).toBeVisible();
    await expect(c.queryByRole('alert')).toBeNull();
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
  play: retriesAfter('Failed to load tests'),
};
export const FailedDark: Story = { ...Failed, globals: { theme: 'dark' } };

/** A voice agent: 'Run by voice' beside 'Run all'. */
export const VoiceAgent: Story = {
  args: { voice: true },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText(/Run by voice sends the same script/)).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Run by voice' }));
    await expect(args.onRunVoice).toHaveBeenCalled();
    await expect(args.onRunAll).not.toHaveBeenCalled();
  },
};
export const VoiceAgentDark: Story = { ...VoiceAgent, globals: { theme: 'dark' } };

/** A chat agent (no voice): no 'Run by voice'. */
export const ChatAgent: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('button', { name: 'Run all' })).toBeEnabled();
    await expect(c.queryByRole('button', { name: 'Run by voice' })).toBeNull();
  },
};
export const ChatAgentDark: Story = { ...ChatAgent, globals: { theme: 'dark' } };

export const RunningByVoice: Story = {
  args: { voice: true, run: fixtureVoiceRunning },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Running… 0 of 1 tests done')).toBeVisible();
    await expect(c.getByRole('button', { name: 'Running by voice…' })).toBeDisabled();
    await expect(c.getByRole('button', { name: 'Run all' })).toBeDisabled();
  },
};
export const RunningByVoiceDark: Story = { ...RunningByVoice, globals: { theme: 'dark' } };

export const VoiceRunResults: Story = {
  args: { voice: true, run: fixtureVoiceRun },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Last run by voice:')).toBeVisible();
    const result = c.getByRole('group', { name: 'Result of Hangs up on goodbye' });
    const r = within(result);
    await expect(r.getByText('What are your opening hours?')).toBeVisible();
    await expect(r.getByText('what are your opening hours')).toBeVisible();
    await expect(r.getAllByText('Heard:')).toHaveLength(2);
    await expect(r.getByText('1840 ms · 2.6 s of voice · the call went on')).toBeVisible();
    await expect(r.getByText('1210 ms · 0.7 s of voice · the call ended')).toBeVisible();
  },
};
export const VoiceRunResultsDark: Story = { ...VoiceRunResults, globals: { theme: 'dark' } };

export const SpeechToolsMissing: Story = {
  args: { voice: true, run: fixtureSpeechMissingRun },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('The voice run could not speak')).toBeVisible();
    await expect(
      c.getAllByText(/apt-get install espeak-ng pocketsphinx pocketsphinx-en-us/)[0],
    ).toBeVisible();
  },
};
export const SpeechToolsMissingDark: Story = {
  ...SpeechToolsMissing,
  globals: { theme: 'dark' },
};

export const AllStates: Story = {
  render: (args) => (
    <div className={styles.stack}>
      <AgentTestsPanel {...args} title="Tests (not run)" />
      <AgentTestsPanel {...args} title="Tests (failures)" run={fixtureFailedRun} />
      <AgentTestsPanel {...args} title="Tests (running)" run={fixtureRunningRun} />
      <AgentTestsPanel {...args} title="Tests (refused)" run={fixtureRefusedRun} testsMustPass />
      <AgentTestsPanel {...args} title="Tests (by voice)" voice run={fixtureVoiceRun} />
      <AgentTestsPanel
        {...args}
        title="Tests (speech tools missing)"
        voice
        run={fixtureSpeechMissingRun}
      />
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
