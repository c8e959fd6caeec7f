import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { SendSmsModal } from './SendSmsModal';

const meta = {
  title: 'Dashboard/SMS and WhatsApp/Send SMS Message modal',
  component: SendSmsModal,
  args: { open: true, onOpenChange: fn(), onSend: fn(), onDismissError: fn() },
} satisfies Meta<typeof SendSmsModal>;
export default meta;
type Story = StoryObj<typeof meta>;

const submit = () => screen.getByRole('button', { name: 'Send Message' });

export const Empty: Story = {
  play: async () => {
    await screen.findByRole('dialog', { name: 'Send SMS Message' });
    // Disabled until From, To and the text are filled.
    await expect(submit()).toBeDisabled();
    await userEvent.click(screen.getByRole('textbox', { name: /From Number/ }));
    await userEvent.tab();
    await expect(await screen.findByText('From number is required')).toBeVisible();
  },
};

export const ValidationErrors: Story = {
  args: { initialValues: { from_number: '12345', to_number: '+0123', message_text: 'Hi' } },
  play: async ({ args }) => {
    await screen.findByRole('dialog', { name: 'Send SMS Message' });
    await userEvent.click(submit());
    await expect(await screen.findByText('Please fix the validation errors below.')).toBeVisible();
    await expect(
      screen.getAllByText('Please enter a valid phone number (e.g., +1234567890)'),
    ).toHaveLength(2);
    await expect(args.onSend).not.toHaveBeenCalled();
  },
};

export const Sends: Story = {
  args: { defaultFrom: '+14155550100' },
  play: async ({ args }) => {
    await screen.findByRole('dialog', { name: 'Send SMS Message' });
    await userEvent.type(screen.getByRole('textbox', { name: /To Number/ }), '+15005550123');
    await userEvent.type(screen.getByRole('textbox', { name: /Message Text/ }), 'Hello');
    await userEvent.click(submit());
    await waitFor(() =>
      expect(args.onSend).toHaveBeenCalledWith({
        from_number: '+14155550100',
        to_number: '+15005550123',
        message_text: 'Hello',
        context: '',
      }),
    );
  },
};

export const Sending: Story = {
  args: {
    busy: true,
    initialValues: { from_number: '+14155550100', to_number: '+15005550123', message_text: 'Hi' },
  },
  play: async () => {
    await expect(await screen.findByRole('button', { name: /Sending\.\.\./ })).toBeDisabled();
  },
};

export const Failure: Story = {
  args: { error: 'Failed to send SMS message: the recipient opted out (STOP)' },
  play: async () => {
    await expect(
      await screen.findByText('Failed to send SMS message: the recipient opted out (STOP)'),
    ).toBeVisible();
  },
};

export const WithLimit: Story = {
  args: {
    limits: {
      channel: 'sms',
      per_minute: 60,
      per_day: 1000,
      sent_last_minute: 3,
      sent_last_day: 12,
    },
  },
  play: async () => {
    await screen.findByRole('dialog', { name: 'Send SMS Message' });
    await expect(screen.getByLabelText('Sending limit')).toHaveTextContent(
      'Sending limit: 60 SMS messages a minute, 1,000 a day for this organization. Sent: 3 in the last minute, 12 in the last day.',
    );
  },
};

export const LimitReached: Story = {
  args: {
    limits: {
      channel: 'sms',
      per_minute: 60,
      per_day: 1000,
      sent_last_minute: 60,
      sent_last_day: 240,
    },
    error:
      'Failed to send SMS message: Sending limit reached: 60 SMS messages per minute for this organization. Try again later, or ask the operator to raise the limit.',
  },
  play: async () => {
    await screen.findByRole('dialog', { name: 'Send SMS Message' });
    await expect(
      screen.getByText('Sending limit reached: 60 SMS messages per minute. Try again in a minute.'),
    ).toBeVisible();
  },
};

const dark = { globals: { theme: 'dark' } };
export const WithLimitDark: Story = { ...WithLimit, ...dark };
export const LimitReachedDark: Story = { ...LimitReached, ...dark };
export const EmptyDark: Story = { ...Empty, ...dark };
export const ValidationErrorsDark: Story = { ...ValidationErrors, ...dark };
export const SendingDark: Story = { ...Sending, ...dark };
export const FailureDark: Story = { ...Failure, ...dark };
