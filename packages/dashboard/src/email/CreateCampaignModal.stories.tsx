import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { CreateCampaignModal } from './CreateCampaignModal';

const now = () => new Date('2026-11-26T01:00:00Z');
const meta = {
  title: 'Dashboard/Email/Create Campaign modal',
  component: CreateCampaignModal,
  args: {
    open: true,
    onOpenChange: fn(),
    onCreate: fn(),
    mailboxes: ['help@acme.test', 'sales@acme.test'],
    now,
  },
} satisfies Meta<typeof CreateCampaignModal>;
export default meta;
type Story = StoryObj<typeof meta>;

const filled = {
  name: 'Launch',
  subject: 'Hi {{first_name}}',
  body: 'We launched.',
  csv: 'email,first_name\nada@example.com,Ada\nADA@example.com,Ada\n',
};

/** Row-named errors before anything is sent: a bad address, a missing field. */
export const RowErrors: Story = {
  args: {
    initialValues: { ...filled, csv: 'email,first_name\nada@example.com,\nnot-an-address,Bob\n' },
  },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Create Campaign' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Campaign' }));
    const list = await within(dialog).findByRole('list', { name: 'Recipient errors' });
    await expect(list).toHaveTextContent(
      'Row 3: Please enter a valid email address (not-an-address)',
    );
    await expect(list).toHaveTextContent('Row 2: {{first_name}} is empty');
    await expect(args.onCreate).not.toHaveBeenCalled();
  },
};

export const Creates: Story = {
  args: { initialValues: filled },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Create Campaign' });
    await expect(within(dialog).getByTestId('recipients-summary')).toHaveTextContent(
      '1 recipient, 1 duplicate dropped · placeholders: {{first_name}}',
    );
    await expect(within(dialog).getByRole('textbox', { name: /Rate/ })).toHaveValue('30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Campaign' }));
    await waitFor(() =>
      expect(args.onCreate).toHaveBeenCalledWith({
        name: 'Launch',
        from_email: 'help@acme.test',
        subject: 'Hi {{first_name}}',
        body: 'We launched.',
        recipients_csv: filled.csv,
        rate_per_minute: 30,
      }),
    );
  },
};

export const Empty: Story = {};
export const Creating: Story = { args: { initialValues: filled, busy: true } };
export const Failure: Story = {
  args: { initialValues: filled, error: "from_email: is not one of this organization's mailboxes" },
};

const dark = { globals: { theme: 'dark' } };
export const RowErrorsDark: Story = { ...RowErrors, ...dark };
export const EmptyDark: Story = { ...Empty, ...dark };
export const CreatingDark: Story = { ...Creating, ...dark };
export const FailureDark: Story = { ...Failure, ...dark };
