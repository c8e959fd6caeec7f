import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within, screen } from 'storybook/test';
import { EmailScreen, emailEmptyText, type EmailScreenProps, type EmailTab } from './EmailScreen';
import { fixtureMailbox, fixtureMailboxes } from '../stories/mailFixtures';

/** The screen with its tab and search kept the way the container keeps them. */
function Harness(props: EmailScreenProps) {
  const [tab, setTab] = useState<EmailTab>(props.tab);
  const [search, setSearch] = useState(props.search);
  return (
    <EmailScreen
      {...props}
      tab={tab}
      onTabChange={setTab}
      search={search}
      onSearchChange={(s) => {
        setSearch(s);
        props.onSearchChange(s);
      }}
    />
  );
}

const meta = {
  title: 'Dashboard/Email/Email screen',
  component: EmailScreen,
  args: {
    orgName: 'Acme Labs',
    mailboxes: fixtureMailboxes,
    tab: 'inbound',
    search: '',
    onTabChange: fn(),
    onSearchChange: fn(),
    onRefresh: fn(),
    onAssign: fn(),
    onSendMessage: fn(),
    onUnassign: fn(),
    onOpen: fn(),
    onSimulate: fn(),
    onRetry: fn(),
    outbound: <p>Campaigns</p>,
  },
  render: (args) => <Harness {...args} />,
} satisfies Meta<typeof EmailScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { name: 'Email-Enabled Accounts' })).toBeVisible();
    await expect(c.getByRole('columnheader', { name: 'Email Address' })).toBeVisible();
    await expect(c.getByRole('columnheader', { name: 'Status' })).toBeVisible();
    await expect(c.getByRole('columnheader', { name: 'Unassign' })).toBeVisible();
    await expect(c.getByTestId('outbox-notice')).toBeVisible();
    // One slim line, not a block.
    await expect(c.getByTestId('outbox-notice').getBoundingClientRect().height).toBeLessThan(60);
    await expect(c.getByLabelText('1 draft waiting for approval')).toBeVisible();
    await userEvent.type(c.getByRole('searchbox', { name: 'Search Gmail accounts' }), 'sales');
    await expect(c.queryByText('help@acme.test')).toBeNull();
    await userEvent.clear(c.getByRole('searchbox', { name: 'Search Gmail accounts' }));
    await userEvent.click(c.getByRole('button', { name: 'Unassign help@acme.test' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Unassign' }),
    );
    await expect(args.onUnassign).toHaveBeenCalled();
    await userEvent.click(
      c.getByRole('button', { name: 'Simulate inbound email to help@acme.test' }),
    );
    await expect(args.onSimulate).toHaveBeenCalled();
    await userEvent.click(c.getByRole('button', { name: 'Open sales@acme.test' }));
    await expect(args.onOpen).toHaveBeenCalled();
    await userEvent.click(c.getByRole('tab', { name: 'Outbound' }));
    await expect(c.getByText('Campaigns')).toBeVisible();
  },
};

/**
 * A mailbox open (help@ sends through SMTP) while another uses the outbox: no sandbox notice
 * inside it; the accounts list has its one slim line.
 */
export const MailboxOpen: Story = {
  args: { detail: <p>help@acme.test sends through smtp.gmail.com</p> },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText(/sends through smtp.gmail.com/)).toBeVisible();
    await expect(c.queryByTestId('outbox-notice')).toBeNull();
  },
};

/** No account is assigned: no Unassign column (§2). */
export const NoneAssigned: Story = {
  args: { mailboxes: [fixtureMailbox('sales@acme.test', { sending: 'smtp' })] },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('sales@acme.test')).toBeVisible();
    await expect(c.queryByRole('columnheader', { name: 'Unassign' })).toBeNull();
    await expect(c.queryByTestId('outbox-notice')).toBeNull();
  },
};

export const Empty: Story = {
  args: { mailboxes: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(emailEmptyText)).toBeVisible();
  },
};

export const Loading: Story = {
  args: { mailboxes: [], loading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading email accounts...')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  args: { mailboxes: [], error: 'HTTP error! status: 503 - Service Unavailable' },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const Notice: Story = {
  args: { notice: { tone: 'success', message: 'Email agent assigned successfully!' } },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('Email agent assigned successfully!'),
    ).toBeVisible();
  },
};

const dark = { globals: { theme: 'dark' } };
export const FilledDark: Story = { ...Filled, ...dark };
export const NoneAssignedDark: Story = { ...NoneAssigned, ...dark };
export const EmptyDark: Story = { ...Empty, ...dark };
export const LoadingDark: Story = { ...Loading, ...dark };
export const LoadErrorDark: Story = { ...LoadError, ...dark };
export const NoticeDark: Story = { ...Notice, ...dark };

/**
 * A long address and an agent whose name is its id (1152 px, the table's width in a 1280 px
 * window): the agent shows as 'support', the address wraps at its '@' and dots, Unassign stays
 * inside the table.
 */
export const LongAddress: Story = {
  args: {
    mailboxes: [
      fixtureMailbox(
        'support-team-with-a-rather-long-address@acme-enterprises-international.test',
        {
          agent_id: fixtureMailboxes[0]!.agent_id,
          agent_name: fixtureMailboxes[0]!.agent_id,
        },
      ),
    ],
  },
  render: (args) => (
    <div style={{ width: 1152 }} data-testid="frame">
      <Harness {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const table = c.getByRole('table');
    await expect(table).not.toHaveTextContent(fixtureMailboxes[0]!.agent_id!);
    await expect(within(table).getByText('support')).toBeVisible();
    const frame = c.getByTestId('frame');
    await expect(frame.scrollWidth).toBeLessThanOrEqual(1152);
    const unassign = c.getByRole('button', { name: /^Unassign / }).getBoundingClientRect();
    await expect(unassign.right).toBeLessThanOrEqual(frame.getBoundingClientRect().right);
    // The address's lines end at its natural points, never inside a word.
    const cell = c.getByRole('rowheader');
    await expect(cell).toHaveTextContent(
      'support-team-with-a-rather-long-address@acme-enterprises-international.test',
    );
  },
};
export const LongAddressDark: Story = { ...LongAddress, ...dark };
