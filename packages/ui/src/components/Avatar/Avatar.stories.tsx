import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Avatar } from './Avatar';
import { avatarSizes } from './Avatar.css';
import { Row, Stack } from '../../stories/Layout';
import { inDark } from '../../stories/inDark';

const meta = {
  title: 'UI/Avatar',
  component: Avatar,
  args: { name: 'customer support' },
} satisfies Meta<typeof Avatar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const img = within(canvasElement).getByRole('img', { name: 'customer support' });
    await expect(img).toHaveTextContent('C');
    // 'c' = 99 → 99 % 12 = 3
    await expect(img).toHaveAttribute('data-color-index', '3');
  },
};

export const EmptyName: Story = {
  args: { name: '' },
  play: async ({ canvasElement }) => {
    const img = within(canvasElement).getByRole('img', { name: 'Unknown' });
    await expect(img).toHaveTextContent('?');
    await expect(img).toHaveAttribute('data-color-index', '0');
  },
};

/** Names whose first character codes (96..107) hit each of the 12 colours once. */
const everyColour = Array.from({ length: 12 }, (_, i) => `${String.fromCharCode(96 + i)} agent`);

function AllStatesGrid() {
  return (
    <Stack>
      <Row label="Sizes">
        {avatarSizes.map((size) => (
          <Avatar key={size} name={`Jane ${size}`} size={size} />
        ))}
      </Row>
      <Row label="All 12 colours">
        {everyColour.map((name) => (
          <Avatar key={name} name={name} />
        ))}
      </Row>
      <Row label="All 12 colours, small">
        {everyColour.map((name) => (
          <Avatar key={name} name={name} size="sm" />
        ))}
      </Row>
      <Row label="Empty name, non-Latin, decorative">
        <Avatar name="" />
        <Avatar name="émile" />
        <Avatar name="Decorative" decorative />
      </Row>
    </Stack>
  );
}

export const AllStates: Story = { render: () => <AllStatesGrid /> };

export const AllStatesDark: Story = inDark(AllStates);
