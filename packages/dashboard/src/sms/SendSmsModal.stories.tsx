import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { SendSmsModal } from './SendSmsModal';
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
  title: 'Dashboard/SMS and WhatsApp/Send SMS Message modal',
  component: SendSmsModal,
  args: { open: true, onOpenChange: fn(), onSend: fn(), onDismissError: fn() },
} satisfies Meta<typeof SendSmsModal>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = 'Send SMS Message';
const dark = { globals: { theme: 'dark' } };

/** Disabled until From, To and the text are filled. */
export const Empty: Story = {
  play: sendsNothingBlank(dialog, /From Number/, 'From number is required'),
};
export const EmptyDark: Story = { ...Empty, ...dark };

export const ValidationErrors: Story = {
  args: { initialValues: { from_number: '12345', to_number: '+0123', message_text: 'Hi' } },
  play: refusesBadNumbers(dialog),
};
export const ValidationErrorsDark: Story = { ...ValidationErrors, ...dark };

export const Sends: Story = {
  args: { defaultFrom: '+14155550100' },
  play: async ({ args }) => {
    await screen.findByRole('dialog', { name: dialog });
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
  play: showsSending,
};
export const SendingDark: Story = { ...Sending, ...dark };

export const Failure: Story = {
  args: { error: 'Failed to send SMS message: the recipient opted out (STOP)' },
  play: async () => {
    await expect(
      await screen.findByText('Failed to send SMS message: the recipient opted out (STOP)'),
    ).toBeVisible();
  },
};
export const FailureDark: Story = { ...Failure, ...dark };

export const WithLimit: Story = {
  args: { limits: sendLimits('sms', [60, 1000], [3, 12]) },
  play: showsLimit(
    dialog,
    'Sending limit: 60 SMS messages a minute, 1,000 a day for this organization. Sent: 3 in the last minute, 12 in the last day.',
  ),
};
export const WithLimitDark: Story = { ...WithLimit, ...dark };

export const LimitReached: Story = {
  args: {
    limits: sendLimits('sms', [60, 1000], [60, 240]),
    error:
      'Failed to send SMS message: Sending limit reached: 60 SMS messages per minute for this organization. Try again later, or ask the operator to raise the limit.',
  },
  play: showsLimitReached(
    dialog,
    'Sending limit reached: 60 SMS messages per minute. Try again in a minute.',
  ),
};
export const LimitReachedDark: Story = { ...LimitReached, ...dark };
