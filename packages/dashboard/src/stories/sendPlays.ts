import type { SendLimitChannel } from '@parley/api-client';
import { expect, screen, userEvent } from 'storybook/test';

/** The play functions the Send SMS and WhatsApp Send Message modals share. */

export const sendButton = () => screen.getByRole('button', { name: 'Send Message' });

/** Blank: Send is disabled, and leaving the first field empty names it (`required`). */
export const sendsNothingBlank = (dialog: string, field: RegExp, required: string) => async () => {
  await screen.findByRole('dialog', { name: dialog });
  await expect(sendButton()).toBeDisabled();
  await userEvent.click(screen.getByRole('textbox', { name: field }));
  await userEvent.tab();
  await expect(await screen.findByText(required)).toBeVisible();
};

/** Two bad numbers: the banner and each number's message show, and nothing is sent. */
export const refusesBadNumbers =
  (dialog: string) =>
  async ({ args }: { args: { onSend: unknown } }) => {
    await screen.findByRole('dialog', { name: dialog });
    await userEvent.click(sendButton());
    await expect(await screen.findByText('Please fix the validation errors below.')).toBeVisible();
    await expect(
      screen.getAllByText('Please enter a valid phone number (e.g., +1234567890)'),
    ).toHaveLength(2);
    await expect(args.onSend).not.toHaveBeenCalled();
  };

/** While sending, the button says so and cannot be pressed again. */
export const showsSending = async () => {
  await expect(await screen.findByRole('button', { name: /Sending\.\.\./ })).toBeDisabled();
};

/** The organization's sending limit and what it has sent ([per minute, per day] each). */
export const sendLimits = (
  channel: SendLimitChannel['channel'],
  [per_minute, per_day]: [number, number],
  [sent_last_minute, sent_last_day]: [number, number],
): SendLimitChannel => ({ channel, per_minute, per_day, sent_last_minute, sent_last_day });

/** The limit line under the form says `text`. */
export const showsLimit = (dialog: string, text: string) => async () => {
  await screen.findByRole('dialog', { name: dialog });
  await expect(screen.getByLabelText('Sending limit')).toHaveTextContent(text);
};

/** The limit-reached banner says `text`. */
export const showsLimitReached = (dialog: string, text: string | RegExp) => async () => {
  await screen.findByRole('dialog', { name: dialog });
  await expect(screen.getByText(text)).toBeVisible();
};
