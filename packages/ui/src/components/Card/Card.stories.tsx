import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Card } from './Card';
import { Button } from '../Button';
import { Row, Stack } from '../../stories/Layout';
import { inDark } from '../../stories/inDark';

const meta = {
  title: 'UI/Card',
  component: Card,
  args: { title: 'System Status', children: 'AI Services Operational' },
} satisfies Meta<typeof Card>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Titled: Story = {
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'System Status' });
    await expect(region).toHaveTextContent('AI Services Operational');
  },
};

const onRefresh = fn();

export const WithActions: Story = {
  args: {
    title: 'Knowledge Bases',
    actions: (
      <Button variant="secondary" size="sm" onClick={onRefresh}>
        Refresh
      </Button>
    ),
    children: 'Three knowledge bases selected.',
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Refresh' }));
    await expect(onRefresh).toHaveBeenCalled();
  },
};

function AllStatesGrid() {
  return (
    <Stack>
      <Row label="Titled section">
        <Card title="Quick Actions">
          <Button variant="secondary">Create Agent</Button>
        </Card>
      </Row>
      <Row label="With actions">
        <Card
          title="Profile"
          actions={
            <Button variant="ghost" size="sm">
              Edit
            </Button>
          }
        >
          Jane Doe, jane@example.com
        </Card>
      </Row>
      <Row label="Untitled">
        <Card>A plain surface with no heading.</Card>
      </Row>
      <Row label="Article, h3">
        <Card as="article" title="Customer Support" headingLevel={3}>
          AI Agent
        </Card>
      </Row>
      <Row label="Long content">
        <Card title="A very long card title that keeps going to show how long headings wrap inside the card header">
          A very long body that keeps going and going to show how long content behaves within a
          card: it wraps onto several lines without overflowing the surface.
        </Card>
      </Row>
    </Stack>
  );
}

export const AllStates: Story = { render: () => <AllStatesGrid /> };

export const AllStatesDark: Story = inDark(AllStates);
