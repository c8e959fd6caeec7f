import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { SimulateInboundModal } from './SimulateInboundModal';

const meta = {
  title: 'Dashboard/SMS and WhatsApp/Simulate inbound message modal',
  component: SimulateInboundModal,
  args: { channel: 'sms', number: '+14155550100', onClose: fn(), onSimulate: fn() },
} satisfies Meta<typeof SimulateInboundModal>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Simulate: Story = {
  play: async ({ args }) => {
    await screen.findByRole('dialog', { name: 'Simulate inbound message' });
    await userEvent.click(screen.getByRole('button', { name: 'Simulate' }));
    await expect(await screen.findByText('Message text is required')).toBeVisible();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Are you open?');
    await userEvent.click(screen.getByRole('button', { name: 'Simulate' }));
    await waitFor(() =>
      expect(args.onSimulate).toHaveBeenCalledWith({ from: '+15005550100', text: 'Are you open?' }),
    );
  },
};

export const Failure: Story = {
  args: { error: 'Simulated events are only for the sandbox provider' },
};

export const SimulateDark: Story = { globals: { theme: 'dark' } };
