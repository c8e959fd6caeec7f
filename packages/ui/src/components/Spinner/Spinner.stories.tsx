import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Spinner } from './Spinner';
import { spinnerSizes } from './Spinner.css';
import { Row, Stack } from '../../stories/Layout';
import { inDark } from '../../stories/inDark';

const meta = {
  title: 'UI/Spinner',
  component: Spinner,
  args: { label: 'Loading agents...' },
} satisfies Meta<typeof Spinner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading agents...');
  },
};

export const WithVisibleLabel: Story = {
  args: { showLabel: true, label: 'Loading scheduled events...' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading scheduled events...')).toBeVisible();
  },
};

function AllStatesGrid() {
  return (
    <Stack>
      <Row label="Sizes (label hidden)">
        {spinnerSizes.map((size) => (
          <Spinner key={size} size={size} label={`Loading ${size}`} />
        ))}
      </Row>
      <Row label="Visible label">
        {spinnerSizes.map((size) => (
          <Spinner key={size} size={size} label="Loading agents..." showLabel />
        ))}
      </Row>
    </Stack>
  );
}

export const AllStates: Story = { render: () => <AllStatesGrid /> };

export const AllStatesDark: Story = inDark(AllStates);
