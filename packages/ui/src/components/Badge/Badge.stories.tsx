import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Badge } from './Badge';
import { badgeTones } from './Badge.css';
import { Row, Stack } from '../../stories/Layout';
import { inDark } from '../../stories/inDark';

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
      <Row label="Long name, wrapping">
        <div style={{ width: 160 }}>
          <Badge tone="primary" wrap>
            Agent: support_bot_with_a_name_that_has_no_spaces_at_all
          </Badge>
        </div>
      </Row>
    </Stack>
  );
}

/** A name or an address wraps inside its container (anywhere if it must), never widening it. */
export const Wrapping: Story = {
  render: () => (
    <div style={{ width: 160 }} data-testid="box">
      <Badge tone="primary" wrap>
        Agent: support_bot_2c05a1b2_with_a_name_that_has_no_spaces
      </Badge>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const badge = c.getByText(/^Agent: support_bot/).parentElement!;
    await expect(badge).toHaveAttribute('data-wrap', 'true');
    // Whole text shown over several lines, inside the 160 px box.
    await expect(badge.getBoundingClientRect().width).toBeLessThanOrEqual(160);
    await expect(badge.getBoundingClientRect().height).toBeGreaterThan(30);
    await expect(c.getByTestId('box').scrollWidth).toBeLessThanOrEqual(160);
  },
};
export const WrappingDark: Story = { ...Wrapping, globals: { theme: 'dark' } };

export const AllStates: Story = { render: () => <AllStatesGrid /> };

export const AllStatesDark: Story = inDark(AllStates);
