import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Badge } from './Badge';
import { badgeTones } from './Badge.css';
import { Row, Stack } from '../../stories/Layout';

const meta = {
  title: 'UI/Badge',
  component: Badge,
  args: { children: 'active', tone: 'success' },
} satisfies Meta<typeof Badge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const text = within(canvasElement).getByText('active');
    await expect(text.parentElement).toHaveAttribute('data-tone', 'success');
  },
};

export const WithDot: Story = {
  args: { children: 'System Online', dot: true },
  play: async ({ canvasElement }) => {
    const badge = within(canvasElement).getByText('System Online').parentElement;
    await expect(badge?.querySelector('[aria-hidden="true"]')).not.toBeNull();
  },
};

function AllStatesGrid() {
  return (
    <Stack>
      <Row label="Tones">
        {badgeTones.map((tone) => (
          <Badge key={tone} tone={tone}>
            {tone}
          </Badge>
        ))}
      </Row>
      <Row label="With dot">
        {badgeTones.map((tone) => (
          <Badge key={tone} tone={tone} dot>
            {tone}
          </Badge>
        ))}
      </Row>
      <Row label="Agent status">
        <Badge tone="success">active</Badge>
        <Badge tone="warning">draft</Badge>
        <Badge tone="info">Custom API</Badge>
        <Badge tone="neutral">Custom URL</Badge>
      </Row>
      <Row label="Knowledge base indexing">
        <Badge tone="primary">HQ • VECTOR</Badge>
        <Badge tone="neutral">ECONOMY</Badge>
        <Badge tone="danger">DELETED</Badge>
      </Row>
      <Row label="Shell">
        <Badge tone="success" dot>
          System Online
        </Badge>
        <Badge tone="primary">Developer Access</Badge>
      </Row>
      <Row label="Long content">
        <Badge tone="info">
          A very long organization name that keeps going to show truncation behaviour
        </Badge>
      </Row>
    </Stack>
  );
}

export const AllStates: Story = { render: () => <AllStatesGrid /> };

export const AllStatesDark: Story = {
  render: () => <AllStatesGrid />,
  globals: { theme: 'dark' },
};
