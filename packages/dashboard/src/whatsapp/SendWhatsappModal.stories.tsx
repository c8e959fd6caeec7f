import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { SendWhatsappModal } from './SendWhatsappModal';
import { templateNeeded } from '../stories/messagingHandlers';
import {
  refusesBadNumbers,
  sendButton as submit,
  sendLimits,
  sendsNothingBlank,
  showsLimit,
  showsLimitReached,
  showsSending,
} from '../stories/sendPlays';

const meta = {
  title: 'Dashboard/SMS and WhatsApp/WhatsApp Send Message modal',
  component: SendWhatsappModal,
  args: {
    open: true,
    onOpenChange: fn(),
    onSend: fn(),
    onDismissError: fn(),
    numbers: ['+14155550100'],
  },
} satisfies Meta<typeof SendWhatsappModal>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = 'WhatsApp Send Message';
const dark = { globals: { theme: 'dark' } };

export const Empty: Story = {
  play: sendsNothingBlank(dialog, /Recipient Phone Number/, 'Recipient phone number is required'),
};
export const EmptyDark: Story = { ...Empty, ...dark };

export const ValidationErrors: Story = {
  args: { initialValues: { to_number: '555-0100', message_text: 'Hi', receiving_number: 'abc' } },
  play: refusesBadNumbers(dialog),
};
export const ValidationErrorsDark: Story = { ...ValidationErrors, ...dark };

export const SendsTemplate: Story = {
  play: async ({ args }) => {
    await screen.findByRole('dialog', { name: dialog });
    await userEvent.type(screen.getByRole('textbox', { name: /Recipient Phone/ }), '+15005550123');
    await userEvent.click(screen.getByRole('combobox', { name: 'Message Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Template' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Message Text/ }), 'Reminder');
    await userEvent.click(submit());
    await waitFor(() =>
      expect(args.onSend).toHaveBeenCalledWith(
        expect.objectContaining({ to_number: '+15005550123', message_type: 'template' }),
      ),
    );
  },
};

export const Sending: Story = {
  args: { busy: true, initialValues: { to_number: '+15005550123', message_text: 'Hi' } },
  play: showsSending,
};
export const SendingDark: Story = { ...Sending, ...dark };

export const OutsideWindow: Story = {
  args: { error: `Failed to send WhatsApp message: ${templateNeeded}` },
  play: async () => {
    // The error banner itself (the field description also names an approved template).
    await expect(
      await screen.findByText(`Failed to send WhatsApp message: ${templateNeeded}`),
    ).toBeVisible();
  },
};
export const OutsideWindowDark: Story = { ...OutsideWindow, ...dark };

export const WithLimit: Story = {
  args: { limits: sendLimits('whatsapp', [600, 50000], [12, 4210]) },
  play: showsLimit(
    dialog,
    'Sending limit: 600 WhatsApp messages a minute, 50,000 a day for this organization. Sent: 12 in the last minute, 4,210 in the last day.',
  ),
};
export const WithLimitDark: Story = { ...WithLimit, ...dark };

export const LimitReached: Story = {
  args: {
    limits: sendLimits('whatsapp', [60, 1000], [4, 1000]),
  },
  play: showsLimitReached(dialog, /^Sending limit reached: 1,000 WhatsApp messages per day\./),
};
export const LimitReachedDark: Story = { ...LimitReached, ...dark };
