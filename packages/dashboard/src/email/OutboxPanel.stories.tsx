import type { Meta, StoryObj } from '@storybook/react-vite';
import { OutboxPanel } from './OutboxPanel';
import { fixtureOutbox } from '../stories/mailFixtures';
import { shows } from '../stories/plays';

const meta = {
  title: 'Dashboard/Email/Sandbox outbox',
  component: OutboxPanel,
  args: { messages: fixtureOutbox },
} satisfies Meta<typeof OutboxPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {
  play: shows('Here is the quote you asked for.'),
};
export const Empty: Story = { args: { messages: [] } };
export const Loading: Story = { args: { messages: [], loading: true } };
export const LoadError: Story = { args: { messages: [], error: 'HTTP error! status: 500' } };

const dark = { globals: { theme: 'dark' } };
export const FilledDark: Story = { ...Filled, ...dark };
export const EmptyDark: Story = { ...Empty, ...dark };
export const LoadingDark: Story = { ...Loading, ...dark };
export const LoadErrorDark: Story = { ...LoadError, ...dark };
