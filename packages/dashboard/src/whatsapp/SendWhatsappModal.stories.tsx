import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { SendWhatsappModal } from './SendWhatsappModal';
import { templateNeeded } from '../stories/messagingHandlers';

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

const submit = () => screen.getByRole('button', { name: 'Send Message' });

export const Empty: Story = {
  play: async () => {
    await screen.findByRole('dialog', { name: 'WhatsApp Send Message' });
    await expect(submit()).toBeDisabled();
    await userEvent.click(screen.getByRole('textbox', { name: /Recipient Phone Number/ }));
    await userEvent.tab();
    await expect(await screen.findByText('Recipient phone number is required')).toBeVisible();
  },
};

export const ValidationErrors: Story = {
  args: { initialValues: { to_number: '555-0100', message_text: 'Hi', receiving_number: 'abc' } },
  play: async ({ args }) => {
    await screen.findByRole('dialog', { name: 'WhatsApp Send Message' });
    await userEvent.click(submit());
    await expect(await screen.findByText('Please fix the validation errors below.')).toBeVisible();
    await expect(
      screen.getAllByText('Please enter a valid phone number (e.g., +1234567890)'),
    ).toHaveLength(2);
    await expect(args.onSend).not.toHaveBeenCalled();
  },
};

export const SendsTemplate: Story = {
  play: async ({ args }) => {
    await screen.findByRole('dialog', { name: 'WhatsApp Send Message' });
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
  play: async () => {
    await expect(await screen.findByRole('button', { name: /Sending\.\.\./ })).toBeDisabled();
  },
};

export const OutsideWindow: Story = {
  args: { error: `Failed to send WhatsApp message: ${templateNeeded}` },
  play: async () => {
    // The error banner itself (the field description also names an approved template).
    await expect(
      await screen.findByText(`Failed to send WhatsApp message: ${templateNeeded}`),
    ).toBeVisible();
  },
};

export const WithLimit: Story = {
  args: {
    limits: {
      channel: 'whatsapp',
      per_minute: 600,
      per_day: 50000,
      sent_last_minute: 12,
      sent_last_day: 4210,
    },
  },
  play: async () => {
    await screen.findByRole('dialog', { name: 'WhatsApp Send Message' });
    await expect(screen.getByLabelText('Sending limit')).toHaveTextContent(
      'Sending limit: 600 WhatsApp messages a minute, 50,000 a day for this organization. Sent: 12 in the last minute, 4,210 in the last day.',
    );
  },
};

export const LimitReached: Story = {
  args: {
    limits: {
      channel: 'whatsapp',
      per_minute: 60,
      per_day: 1000,
      sent_last_minute: 4,
      sent_last_day: 1000,
    },
  },
  play: async () => {
    await screen.findByRole('dialog', { name: 'WhatsApp Send Message' });
    await expect(
      screen.getByText(/^Sending limit reached: 1,000 WhatsApp messages per day\./),
    ).toBeVisible();
  },
};

const dark = { globals: { theme: 'dark' } };
export const WithLimitDark: Story = { ...WithLimit, ...dark };
export const LimitReachedDark: Story = { ...LimitReached, ...dark };
export const EmptyDark: Story = { ...Empty, ...dark };
export const ValidationErrorsDark: Story = { ...ValidationErrors, ...dark };
export const SendingDark: Story = { ...Sending, ...dark };
export const OutsideWindowDark: Story = { ...OutsideWindow, ...dark };
