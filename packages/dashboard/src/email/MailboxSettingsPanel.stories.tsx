import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { MailboxSettingsPanel } from './MailboxSettingsPanel';
import { fixtureMailbox, fixtureMailboxes } from '../stories/mailFixtures';

const meta = {
  title: 'Dashboard/Email/Mailbox settings',
  component: MailboxSettingsPanel,
  args: { mailbox: fixtureMailboxes[0]!, onSave: fn(), onTest: fn(), onDismissNotice: fn() },
} satisfies Meta<typeof MailboxSettingsPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A stored Gmail mailbox: the preset is recognized; saving keeps the stored passwords. */
export const Filled: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('combobox', { name: 'Preset' })).toHaveTextContent('Gmail');
    await expect(c.getAllByText(/Stored: ••••wxyz/)).toHaveLength(2);
    // The SMTP row's fields stand on one line (the password's hint does not lift it).
    const top = (name: string) => c.getByLabelText(name).getBoundingClientRect().top;
    await expect(top('SMTP password')).toBe(top('SMTP host'));
    await expect(top('IMAP password')).toBe(top('IMAP host'));
    await userEvent.click(c.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() =>
      expect(args.onSave).toHaveBeenCalledWith(
        expect.objectContaining({
          smtp: { host: 'smtp.gmail.com', port: 465, secure: true, username: 'help@acme.test' },
          autonomy: 'draft',
        }),
      ),
    );
    await userEvent.click(c.getByRole('button', { name: 'Test' }));
    await expect(args.onTest).toHaveBeenCalled();
  },
};

/** A sandbox mailbox: the Outlook preset fills both servers; passwords are required. */
export const NewWithPreset: Story = {
  args: { mailbox: fixtureMailbox('sales@acme.test') },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('button', { name: 'Test' })).toBeDisabled();
    // The inbound URL is above the switches that mention it.
    await expect(c.getByText('Off: mail arrives only at the inbound URL above.')).toBeVisible();
    await userEvent.click(c.getByRole('combobox', { name: 'Preset' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Outlook / Microsoft 365' }));
    await expect(c.getByRole('textbox', { name: 'SMTP host' })).toHaveValue('smtp.office365.com');
    await expect(c.getByRole('textbox', { name: 'SMTP port' })).toHaveValue('587');
    await expect(c.getByRole('textbox', { name: 'IMAP host' })).toHaveValue(
      'outlook.office365.com',
    );
    await expect(c.getByRole('textbox', { name: 'SMTP username' })).toHaveValue('sales@acme.test');
    await userEvent.click(c.getByRole('button', { name: 'Save Settings' }));
    await expect(await c.findAllByText('Password is required')).toHaveLength(2);
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

export const TestFailed: Story = {
  args: {
    testResult: {
      success: false,
      message: 'SMTP works; IMAP failed: the password was refused',
      smtp: { ok: true, message: 'Connected and logged in to smtp.gmail.com:465' },
      imap: { ok: false, message: 'imap.gmail.com refused the login: check the app password' },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('mailbox-test-result')).toHaveTextContent(
      'IMAP failed',
    );
  },
};

export const Testing: Story = { args: { testing: true } };
export const Saving: Story = { args: { saving: true } };
export const Saved: Story = {
  args: { notice: { tone: 'success', message: 'Mailbox settings saved successfully!' } },
};
export const ReadError: Story = {
  args: {
    mailbox: {
      ...fixtureMailboxes[0]!,
      imap: {
        ...fixtureMailboxes[0]!.imap!,
        last_error: 'imap.gmail.com did not answer within 15 seconds',
      },
    },
  },
};

/** Mails the reader skipped are listed with the mailbox's settings, with why. */
export const WithRefusedMails: Story = {
  args: {
    mailbox: {
      ...fixtureMailboxes[0]!,
      refused: {
        total: 1,
        recent: [
          {
            source: 'imap',
            imap_uid: 12,
            from: 'mallory@example.com',
            subject: 'Many parts',
            size_bytes: 47_436,
            reason: 'the mail has more than 1,000 MIME parts',
            at: new Date(Date.UTC(2025, 0, 2, 10, 5)).toISOString(),
          },
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { name: 'Refused mails (1)' })).toBeVisible();
    await expect(c.getByText('Why: the mail has more than 1,000 MIME parts')).toBeVisible();
  },
};

const dark = { globals: { theme: 'dark' } };
export const FilledDark: Story = { ...Filled, ...dark };
export const NewWithPresetDark: Story = { ...NewWithPreset, ...dark };
export const TestFailedDark: Story = { ...TestFailed, ...dark };
export const TestingDark: Story = { ...Testing, ...dark };
export const SavedDark: Story = { ...Saved, ...dark };
export const ReadErrorDark: Story = { ...ReadError, ...dark };
export const WithRefusedMailsDark: Story = { ...WithRefusedMails, ...dark };
