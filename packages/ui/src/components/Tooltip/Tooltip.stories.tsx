import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { Tooltip, TooltipProvider } from './Tooltip';
import { Button } from '../Button';

function Example({ side }: { side?: 'top' | 'bottom' }) {
  return (
    <TooltipProvider delayDuration={0}>
      <Tooltip content="Only the last 4 characters are shown" side={side}>
        <Button variant="secondary">Hover or focus me</Button>
      </Tooltip>
    </TooltipProvider>
  );
}

const meta = { title: 'UI/Tooltip', component: Example } satisfies Meta<typeof Example>;
export default meta;
type Story = StoryObj<typeof meta>;

export const OnFocus: Story = {
  play: async () => {
    await userEvent.tab();
    await expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Only the last 4 characters are shown',
    );
  },
};

export const EscapeHides: Story = {
  play: async () => {
    await userEvent.tab();
    await screen.findByRole('tooltip');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  },
};
export const AllStates: Story = { ...OnFocus };
export const AllStatesDark: Story = { ...OnFocus, globals: { theme: 'dark' } };
