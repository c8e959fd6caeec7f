import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ContactSettings } from './ContactSettings';
import { shows } from '../stories/plays';

const meta = {
  title: 'Dashboard/Handoff/Account: when a conversation needs a person',
  component: ContactSettings,
  args: {
    phone: '+14155550142',
    onPhoneChange: fn(),
    onSavePhone: fn(),
    emailAlerts: false,
    onEmailAlertsChange: fn(),
    mailer: true,
  },
} satisfies Meta<typeof ContactSettings>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('textbox', { name: 'Your phone number' })).toHaveValue('+14155550142');
    await userEvent.click(c.getByRole('button', { name: 'Save phone number' }));
    await expect(args.onSavePhone).toHaveBeenCalled();
    await userEvent.click(
      c.getByRole('switch', { name: 'E-mail me when a conversation needs a person' }),
    );
    await expect(args.onEmailAlertsChange).toHaveBeenCalledWith(true);
    await expect(c.queryByText(/no mailer/)).toBeNull();
  },
};
export const DefaultDark: Story = { args: Default.args, globals: { theme: 'dark' } };

/** A number without its country code is refused at the field; this server has no mailer. */
export const Refused: Story = {
  args: {
    phone: '555 0100',
    phoneError: 'must be a phone number with its country code, e.g. +14155550100',
    mailer: false,
    emailAlerts: true,
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('textbox', { name: 'Your phone number' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(c.getByText(/must be a phone number with its country code/)).toBeVisible();
    await expect(c.getByText(/This server has no mailer/)).toBeVisible();
  },
};
export const RefusedDark: Story = { args: Refused.args, globals: { theme: 'dark' } };

export const Loading: Story = {
  args: { loading: true },
  play: shows('Loading your settings...'),
};
export const LoadingDark: Story = { args: Loading.args, globals: { theme: 'dark' } };
