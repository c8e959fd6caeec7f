import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { CallPanel } from './CallPanel';
import type { LiveLine } from './liveCall';
import * as styles from './voice.css';

const lines: LiveLine[] = [
  { id: '1', speaker: 'agent', text: 'Hello! How can I help you today?', final: true },
  { id: '2', speaker: 'caller', text: 'What are your opening hours?', final: true },
  {
    id: '3',
    speaker: 'agent',
    text: 'We are open Monday to Friday from 8 to 18,',
    final: false,
  },
];

const meta = {
  title: 'Dashboard/Voice/Call panel',
  component: CallPanel,
  args: { phase: 'listening', lines },
} satisfies Meta<typeof CallPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Connecting: Story = {
  args: { phase: 'connecting', lines: [] },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByTestId('live-call-state')).toHaveTextContent('Connecting...');
    await expect(c.getByText(/the transcript appears here/)).toBeVisible();
  },
};
export const ConnectingDark: Story = { ...Connecting, globals: { theme: 'dark' } };

export const WaitingForAgent: Story = { args: { phase: 'waiting', lines: [] } };
export const WaitingForAgentDark: Story = { ...WaitingForAgent, globals: { theme: 'dark' } };

export const Listening: Story = {
  args: { phase: 'listening', lines: lines.slice(0, 1) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('live-call-state')).toHaveTextContent(
      'Listening',
    );
  },
};
export const ListeningDark: Story = { ...Listening, globals: { theme: 'dark' } };

export const Thinking: Story = { args: { phase: 'thinking', lines: lines.slice(0, 2) } };
export const ThinkingDark: Story = { ...Thinking, globals: { theme: 'dark' } };

export const AgentSpeaking: Story = {
  args: { phase: 'speaking' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByTestId('live-call-state')).toHaveTextContent('Agent speaking');
    const items = within(c.getByRole('list', { name: 'Live transcript' })).getAllByRole('listitem');
    await expect(items.map((i) => i.textContent)).toEqual([
      'AgentHello! How can I help you today?',
      'YouWhat are your opening hours?',
      'AgentWe are open Monday to Friday from 8 to 18,',
    ]);
  },
};
export const AgentSpeakingDark: Story = { ...AgentSpeaking, globals: { theme: 'dark' } };

export const AllStates: Story = {
  render: () => (
    <div className={styles.stack}>
      <CallPanel title="Live call (connecting)" phase="connecting" lines={[]} />
      <CallPanel title="Live call (waiting)" phase="waiting" lines={[]} />
      <CallPanel title="Live call (listening)" phase="listening" lines={lines.slice(0, 1)} />
      <CallPanel title="Live call (thinking)" phase="thinking" lines={lines.slice(0, 2)} />
      <CallPanel title="Live call (speaking)" phase="speaking" lines={lines} />
    </div>
  ),
};
export const AllStatesDark: Story = { ...AllStates, globals: { theme: 'dark' } };
