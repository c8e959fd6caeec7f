import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { SimulateInboundEmailModal } from './SimulateInboundEmailModal';

const meta = {
  title: 'Dashboard/Email/Simulate inbound email modal',
  component: SimulateInboundEmailModal,
  args: { mailbox: 'help@acme.test', onClose: fn(), onSimulate: fn() },
} satisfies Meta<typeof SimulateInboundEmailModal>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Simulates: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Simulate inbound email' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Simulate' }));
    await expect(await within(dialog).findByText('Subject is required')).toBeVisible();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Subject' }), 'Order');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Where is it?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Simulate' }));
    await waitFor(() =>
      expect(args.onSimulate).toHaveBeenCalledWith({
        from: 'customer@example.com',
        subject: 'Order',
        text: 'Where is it?',
      }),
    );
  },
};
export const Busy: Story = { args: { busy: true } };
export const Failure: Story = { args: { error: 'to: help@acme.test has no agent' } };

const dark = { globals: { theme: 'dark' } };
export const SimulatesDark: Story = { ...Simulates, ...dark };
export const BusyDark: Story = { ...Busy, ...dark };
export const FailureDark: Story = { ...Failure, ...dark };
