import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Table, type TableColumn, type TableProps } from './Table';
import { Badge } from '../Badge';
import { Button } from '../Button';
import { EmptyState } from '../EmptyState';
import { Stack } from '../../stories/Layout';
import { inDark } from '../../stories/inDark';

interface Mailbox {
  id: string;
  email: string;
  status: 'active' | 'inactive';
  agent: string;
  messages: number;
}

const mailboxes: Mailbox[] = [
  {
    id: 'm1',
    email: 'sales@example.com',
    status: 'active',
    agent: 'Sales Assistant',
    messages: 128,
  },
  {
    id: 'm2',
    email: 'support@example.com',
    status: 'active',
    agent: 'Customer Support',
    messages: 42,
  },
  { id: 'm3', email: 'billing@example.com', status: 'inactive', agent: '—', messages: 0 },
];

const onUnassign = fn();

const columns: TableColumn<Mailbox>[] = [
  { key: 'email', header: 'Email Address', isRowHeader: true },
  {
    key: 'status',
    header: 'Status',
    render: (row) => (
      <Badge tone={row.status === 'active' ? 'success' : 'warning'}>{row.status}</Badge>
    ),
  },
  { key: 'agent', header: 'Agent' },
  { key: 'messages', header: 'Messages', align: 'end' },
  {
    key: 'unassign',
    header: 'Unassign',
    align: 'center',
    render: (row) => (
      <Button size="sm" variant="secondary" onClick={() => onUnassign(row.id)}>
        Unassign
      </Button>
    ),
  },
];

/** Typed wrapper so Storybook args work with the generic Table. */
function MailboxTable(props: TableProps<Mailbox>) {
  return <Table<Mailbox> {...props} />;
}

const meta = {
  title: 'UI/Table',
  component: MailboxTable,
  args: {
    caption: 'Gmail accounts',
    columns,
    rows: mailboxes,
    rowKey: (row: Mailbox) => row.id,
  },
} satisfies Meta<typeof MailboxTable>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Gmail accounts' });
    await expect(within(table).getAllByRole('columnheader')).toHaveLength(5);
    await expect(within(table).getAllByRole('rowheader')).toHaveLength(3);
    const row = canvas.getByRole('rowheader', { name: 'support@example.com' }).closest('tr');
    await userEvent.click(within(row!).getByRole('button', { name: 'Unassign' }));
    await expect(onUnassign).toHaveBeenCalledWith('m2');
  },
};

export const Empty: Story = {
  args: {
    rows: [],
    emptyState: <EmptyState title="No Gmail accounts found" />,
  },
  play: async ({ canvasElement }) => {
    const cell = within(canvasElement).getByText('No Gmail accounts found').closest('td');
    await expect(cell).toHaveAttribute('colspan', '5');
  },
};

export const Loading: Story = {
  args: { rows: [], loading: true, loadingLabel: 'Loading accounts...' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading accounts...');
    await expect(canvas.getByRole('table')).toHaveAttribute('aria-busy', 'true');
  },
};

export const KeyboardScroll: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(
      within(canvasElement).getByRole('region', { name: 'Gmail accounts' }),
    ).toHaveFocus();
  },
};

const longRows: Mailbox[] = [
  {
    id: 'l1',
    email: 'a-very-long-mailbox-address-that-keeps-going@an-extremely-long-domain-name.example.com',
    status: 'active',
    agent: 'An agent with a very long display name that wraps onto several lines',
    messages: 1234567,
  },
];

function AllStatesGrid() {
  const rowKey = (row: Mailbox) => row.id;
  return (
    <Stack>
      <Table
        caption="With rows (visible caption)"
        columns={columns}
        rows={mailboxes}
        rowKey={rowKey}
      />
      <Table
        caption="Hidden caption"
        captionHidden
        columns={columns}
        rows={mailboxes}
        rowKey={rowKey}
      />
      <Table
        caption="Empty"
        columns={columns}
        rows={[]}
        rowKey={rowKey}
        emptyState={<EmptyState title="No Gmail accounts found" hint="Try adjusting your search" />}
      />
      <Table
        caption="Loading"
        columns={columns}
        rows={[]}
        rowKey={rowKey}
        loading
        loadingLabel="Loading accounts..."
      />
      <Table
        caption="Refreshing (rows + loading)"
        columns={columns}
        rows={mailboxes}
        rowKey={rowKey}
        loading
      />
      <Table caption="Long content" columns={columns} rows={longRows} rowKey={rowKey} />
    </Stack>
  );
}

export const AllStates: Story = { render: () => <AllStatesGrid /> };

export const AllStatesDark: Story = inDark(AllStates);
