import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { SendEmailModal } from './SendEmailModal';

const meta = {
  title: 'Dashboard/Email/Send Message modal',
  component: SendEmailModal,
  args: {
    open: true,
    onOpenChange: fn(),
    onSend: fn(),
    onDismissError: fn(),
    mailboxes: ['help@acme.test', 'sales@acme.test'],
  },
} satisfies Meta<typeof SendEmailModal>;
export default meta;
type Story = StoryObj<typeof meta>;

const submit = () => screen.getByRole('button', { name: 'Send Message' });
const field = (name: RegExp) => screen.getByRole('textbox', { name });

export const Empty: Story = {
  args: { mailboxes: [] },
  play: async () => {
    await screen.findByRole('dialog', { name: 'Send Message' });
    // Disabled until From, To, Subject and Message are filled.
    await expect(submit()).toBeDisabled();
    await expect(field(/^Message/)).toHaveAttribute('rows', '4');
    await userEvent.click(field(/From Email/));
    await userEvent.tab();
    await expect(await screen.findByText('From email is required')).toBeVisible();
  },
};

export const ValidationErrors: Story = {
  args: {
    initialValues: {
      from_email: 'help@acme',
      to_email: 'ada example.com',
      subject: 'Hi',
      message_text: 'Hello',
    },
  },
  play: async ({ args }) => {
    await screen.findByRole('dialog', { name: 'Send Message' });
    await userEvent.click(submit());
    await expect(await screen.findByText('Please fix the validation errors below.')).toBeVisible();
    await expect(screen.getAllByText('Please enter a valid email address')).toHaveLength(2);
    await expect(args.onSend).not.toHaveBeenCalled();
  },
};

export const Sends: Story = {
  play: async ({ args }) => {
    await screen.findByRole('dialog', { name: 'Send Message' });
    await expect(field(/From Email/)).toHaveValue('help@acme.test');
    await userEvent.type(field(/To Email/), 'ada@example.com');
    await userEvent.type(field(/Subject/), 'Your order');
    await expect(submit()).toBeDisabled();
    await userEvent.type(field(/^Message/), 'It ships today.');
    await userEvent.click(submit());
    await waitFor(() =>
      expect(args.onSend).toHaveBeenCalledWith({
        from_email: 'help@acme.test',
        to_email: 'ada@example.com',
        subject: 'Your order',
        message_text: 'It ships today.',
      }),
    );
  },
};

export const Sending: Story = {
  args: {
    busy: true,
    initialValues: { to_email: 'ada@example.com', subject: 'Hi', message_text: 'Hello' },
  },
  play: async () => {
    await expect(await screen.findByRole('button', { name: /Sending\.\.\./ })).toBeDisabled();
  },
};

export const Failure: Story = {
  args: { error: 'Failed to send Gmail message: the SMTP server refused the login' },
  play: async () => {
    await expect(
      await screen.findByText('Failed to send Gmail message: the SMTP server refused the login'),
    ).toBeVisible();
  },
};

export const WithLimit: Story = {
  args: {
    limits: {
      channel: 'email',
      per_minute: 30,
      per_day: 500,
      sent_last_minute: 2,
      sent_last_day: 9,
    },
  },
};

const dark = { globals: { theme: 'dark' } };
export const EmptyDark: Story = { ...Empty, ...dark };
export const ValidationErrorsDark: Story = { ...ValidationErrors, ...dark };
export const SendingDark: Story = { ...Sending, ...dark };
export const FailureDark: Story = { ...Failure, ...dark };
export const WithLimitDark: Story = { ...WithLimit, ...dark };
