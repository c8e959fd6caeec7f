import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { EmptyState } from './EmptyState';
import { Button } from '../Button';
import { Stack } from '../../stories/Layout';
import { inDark } from '../../stories/inDark';

const meta = {
  title: 'UI/EmptyState',
  component: EmptyState,
  args: { title: 'No agents found', hint: 'Create your first AI agent to get started!' },
} satisfies Meta<typeof EmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No agents found')).toBeVisible();
    await expect(canvas.getByText('Create your first AI agent to get started!')).toBeVisible();
  },
};

const onCreate = fn();

export const WithAction: Story = {
  args: {
    title: 'No scheduled events found',
    hint: undefined,
    action: <Button onClick={onCreate}>Create Schedule</Button>,
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Create Schedule' }));
    await expect(onCreate).toHaveBeenCalled();
  },
};

function AllStatesGrid() {
  return (
    <Stack>
      <EmptyState title="No agents found" hint="Create your first AI agent to get started!" />
      <EmptyState
        title="No knowledge bases found"
        hint="Try adjusting your search terms."
        icon="🔍"
      />
      <EmptyState
        title="No scheduled events found"
        action={<Button variant="secondary">Create Schedule</Button>}
      />
      <EmptyState
        title="Start a conversation"
        hint="Test your chatbot by sending a message below"
        headingLevel={2}
      />
      <EmptyState
        title="A very long empty-state title that keeps going to show how long content wraps when the container is narrow"
        hint="And a hint that is also long enough to wrap onto several lines, so we can see the maximum line length applied to the hint text."
      />
    </Stack>
  );
}

export const AllStates: Story = { render: () => <AllStatesGrid /> };

export const AllStatesDark: Story = inDark(AllStates);
