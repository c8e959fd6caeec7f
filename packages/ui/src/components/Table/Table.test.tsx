import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { Table, type TableColumn } from './Table';
import { visuallyHidden } from '../../theme/focus.css';
import { Badge } from '../Badge';
import { Button } from '../Button';
import { expectNoAxeViolations } from '../../test/axe';

interface Account {
  id: string;
  email: string;
  status: 'active' | 'inactive';
  messages: number;
}

const accounts: Account[] = [
  { id: 'a1', email: 'sales@example.com', status: 'active', messages: 12 },
  { id: 'a2', email: 'support@example.com', status: 'inactive', messages: 3 },
];

const columns: TableColumn<Account>[] = [
  { key: 'email', header: 'Email Address', isRowHeader: true },
  {
    key: 'status',
    header: 'Status',
    render: (row) => (
      <Badge tone={row.status === 'active' ? 'success' : 'warning'}>{row.status}</Badge>
    ),
  },
  { key: 'messages', header: 'Messages', align: 'end' },
];

describe('Table', () => {
  it('given rows › renders a captioned table with column and row headers', () => {
    render(
      <Table caption="Gmail accounts" columns={columns} rows={accounts} rowKey={(r) => r.id} />,
    );
    const table = screen.getByRole('table', { name: 'Gmail accounts' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Email Address', 'Status', 'Messages']);
    headers.forEach((h) => expect(h).toHaveAttribute('scope', 'col'));
    const rowHeaders = within(table).getAllByRole('rowheader');
    expect(rowHeaders.map((h) => h.textContent)).toEqual([
      'sales@example.com',
      'support@example.com',
    ]);
    // header row + 2 data rows
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it('given render and default accessors › shows rendered content and row[key]', () => {
    render(<Table caption="Accounts" columns={columns} rows={accounts} rowKey={(r) => r.id} />);
    const [, first] = screen.getAllByRole('row');
    const cells = within(first!).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('active');
    expect(cells[1]).toHaveTextContent('12');
  });

  it('given align end › marks the header and its cells end-aligned, others start', () => {
    render(<Table caption="Accounts" columns={columns} rows={accounts} rowKey={(r) => r.id} />);
    expect(screen.getByRole('columnheader', { name: 'Messages' })).toHaveAttribute(
      'data-align',
      'end',
    );
    expect(screen.getByRole('cell', { name: '12' })).toHaveAttribute('data-align', 'end');
    expect(screen.getByRole('columnheader', { name: 'Status' })).toHaveAttribute(
      'data-align',
      'start',
    );
    expect(screen.getByRole('cell', { name: 'active' })).toHaveAttribute('data-align', 'start');
  });

  it('given captionHidden › keeps the table name but hides the caption visually', () => {
    const { rerender } = render(
      <Table
        caption="Phone numbers"
        captionHidden
        columns={columns}
        rows={accounts}
        rowKey={(r) => r.id}
      />,
    );
    expect(screen.getByRole('table', { name: 'Phone numbers' })).toBeInTheDocument();
    expect(screen.getByText('Phone numbers')).toHaveClass(visuallyHidden);
    rerender(
      <Table caption="Phone numbers" columns={columns} rows={accounts} rowKey={(r) => r.id} />,
    );
    expect(screen.getByText('Phone numbers')).not.toHaveClass(visuallyHidden);
  });

  it('given no rows and an emptyState › shows it in one full-width cell', () => {
    render(
      <Table
        caption="Gmail accounts"
        columns={columns}
        rows={[]}
        rowKey={(r) => r.id}
        emptyState="No Gmail accounts found"
      />,
    );
    const cell = screen.getByRole('cell', { name: 'No Gmail accounts found' });
    expect(cell).toHaveAttribute('colspan', '3');
    expect(screen.getAllByRole('row')).toHaveLength(2);
  });

  it('given no rows and no emptyState › renders only the header row', () => {
    render(<Table caption="Accounts" columns={columns} rows={[]} rowKey={(r) => r.id} />);
    expect(screen.getAllByRole('row')).toHaveLength(1);
  });

  it('given loading › shows a full-width Spinner row, hides the empty state and is aria-busy', () => {
    render(
      <Table
        caption="Scheduled events"
        columns={columns}
        rows={[]}
        rowKey={(r) => r.id}
        emptyState="No scheduled events found"
        loading
        loadingLabel="Loading scheduled events..."
      />,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading scheduled events...');
    expect(status.closest('td')).toHaveAttribute('colspan', '3');
    expect(screen.queryByText('No scheduled events found')).toBeNull();
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
  });

  it('given loading with rows › keeps the rows and adds the Spinner row', () => {
    render(
      <Table caption="Accounts" columns={columns} rows={accounts} rowKey={(r) => r.id} loading />,
    );
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });

  it('given rows re-ordered › keeps row identity by rowKey', () => {
    const { rerender } = render(
      <Table caption="Accounts" columns={columns} rows={accounts} rowKey={(r) => r.id} />,
    );
    const firstRow = screen.getByRole('rowheader', { name: 'sales@example.com' }).closest('tr');
    rerender(
      <Table
        caption="Accounts"
        columns={columns}
        rows={[...accounts].reverse()}
        rowKey={(r) => r.id}
      />,
    );
    expect(screen.getByRole('rowheader', { name: 'sales@example.com' }).closest('tr')).toBe(
      firstRow,
    );
    expect(screen.getAllByRole('rowheader').map((h) => h.textContent)).toEqual([
      'support@example.com',
      'sales@example.com',
    ]);
  });

  it('given interactive cells and the keyboard › the scroll region then the cell buttons take focus', async () => {
    const onUnassign = vi.fn();
    const withAction: TableColumn<Account>[] = [
      ...columns,
      {
        key: 'unassign',
        header: 'Unassign',
        render: (row) => (
          <Button size="sm" variant="ghost" onClick={() => onUnassign(row.id)}>
            Unassign
          </Button>
        ),
      },
    ];
    const user = userEvent.setup();
    render(<Table caption="Accounts" columns={withAction} rows={accounts} rowKey={(r) => r.id} />);
    await user.tab();
    expect(screen.getByRole('region', { name: 'Accounts' })).toHaveFocus();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(onUnassign).toHaveBeenCalledWith('a1');
  });

  it('given a ref › forwards it to the table element', () => {
    const ref = createRef<HTMLTableElement>();
    render(
      <Table ref={ref} caption="Accounts" columns={columns} rows={accounts} rowKey={(r) => r.id} />,
    );
    expect(ref.current).toBeInstanceOf(HTMLTableElement);
  });

  it('has no axe violations with rows, empty and loading', async () => {
    const { container } = render(
      <main>
        <Table caption="Accounts" columns={columns} rows={accounts} rowKey={(r) => r.id} />
        <Table
          caption="Empty"
          captionHidden
          columns={columns}
          rows={[]}
          rowKey={(r) => r.id}
          emptyState="Nothing"
        />
        <Table caption="Loading" columns={columns} rows={[]} rowKey={(r) => r.id} loading />
      </main>,
    );
    await expectNoAxeViolations(container);
  });

  it('given stacked cards › cells are labelled by their header, but not a column of buttons', () => {
    render(
      <Table
        caption="Accounts"
        rows={accounts}
        rowKey={(r) => r.id}
        stackOnPhone
        columns={[
          ...columns.slice(0, 2),
          {
            key: 'unassign',
            header: 'Unassign',
            labelWhenStacked: false,
            render: (row) =>
              row.status === 'active' ? <Button size="sm">Unassign {row.email}</Button> : null,
          },
        ]}
      />,
    );
    const [first, second] = screen.getAllByRole('row').slice(1);
    const cells = within(first!).getAllByRole('cell');
    expect(cells[0]).toHaveAttribute('data-label', 'Status');
    expect(cells[1]).not.toHaveAttribute('data-label');
    // A row without the button has an empty cell (hidden on a stacked card).
    expect(within(second!).getAllByRole('cell')[1]).toBeEmptyDOMElement();
  });
});
