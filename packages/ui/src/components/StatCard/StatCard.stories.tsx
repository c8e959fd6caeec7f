import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { StatCard } from './StatCard';
import { Row, Stack } from '../../stories/Layout';
import { inDark } from '../../stories/inDark';

const meta = {
  title: 'UI/StatCard',
  component: StatCard,
  args: { label: 'Total Agents', value: 12, progress: 75 },
} satisfies Meta<typeof StatCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: 'Total Agents' })).toHaveTextContent('12');
    await expect(canvas.getByRole('progressbar', { name: 'Total Agents' })).toHaveAttribute(
      'value',
      '75',
    );
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('...')).toBeVisible();
    await expect(canvas.getByRole('group', { name: 'Total Agents' })).not.toHaveTextContent('12');
  },
};

function AllStatesGrid() {
  return (
    <Stack>
      <Row label="Loaded">
        <StatCard label="Total Agents" value={12} progress={75} />
        <StatCard label="Phone Numbers" value={4} progress={60} />
        <StatCard label="WhatsApp Numbers" value={2} progress={45} />
        <StatCard label="Total Emails" value={0} progress={30} />
      </Row>
      <Row label="Loading">
        <StatCard label="Total Agents" value={12} progress={75} loading />
        <StatCard label="Phone Numbers" value={4} loading />
      </Row>
      <Row label="Hint, icon, no progress">
        <StatCard label="Total Emails" value={7} hint="2 mailboxes" icon="✉" />
        <StatCard label="Progress 0 and 100" value="—" progress={0} />
        <StatCard label="Full" value="100%" progress={100} />
      </Row>
      <Row label="Long content">
        <StatCard
          label="A very long statistic label that keeps going to show wrapping"
          value={1234567890}
          hint="A long hint line that also wraps onto several lines when the card is narrow"
          progress={50}
        />
      </Row>
    </Stack>
  );
}

export const AllStates: Story = { render: () => <AllStatesGrid /> };

export const AllStatesDark: Story = inDark(AllStates);
