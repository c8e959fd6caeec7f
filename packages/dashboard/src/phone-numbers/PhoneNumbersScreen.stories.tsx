import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within, screen } from 'storybook/test';
import { PhoneNumbersScreen } from './PhoneNumbersScreen';
import { noFilters } from './phoneFilters';
import { fixtureNumbers } from '../stories/phoneHandlers';
import { withLocalTabAndFilters } from '../stories/LocalTabAndFilters';
import { sandboxNoticeKey } from '../channels';

/** Keeps the tab and filters the way the container does. */
const Harness = withLocalTabAndFilters(PhoneNumbersScreen);

const meta = {
  title: 'Dashboard/Phone Numbers/Phone Numbers screen',
  component: PhoneNumbersScreen,
  args: {
    orgName: 'Acme Labs',
    numbers: fixtureNumbers,
    sandbox: true,
    tab: 'inbound',
    filters: noFilters,
    onTabChange: fn(),
    onFiltersChange: fn(),
    onSync: fn(),
    onAddAgent: fn(),
    onEdit: fn(),
    onUnassign: fn(),
    onRetry: fn(),
    // The real Outbound side is the Scheduled Events view (scheduling/ stories).
    outbound: <p>Scheduled events go here</p>,
  },
  render: (args) => <Harness {...args} />,
} satisfies Meta<typeof PhoneNumbersScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const rowCount = (el: HTMLElement) => within(el).getAllByRole('row').length - 1;

export const Numbers: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Sandbox')).toBeVisible();
    const table = c.getByRole('table', { name: 'Inbound phone numbers' });
    await expect(rowCount(table)).toBe(5);
    for (const h of ['Number', 'Friendly Name', 'Enabled', 'Agent', 'Unassign'])
      await expect(within(table).getByRole('columnheader', { name: h })).toBeVisible();
    await expect(within(table).getByText('Support line')).toBeVisible();
    await expect(c.getByText('Acme Labs')).toBeVisible();
    // Unassign only on assigned rows.
    await expect(c.getAllByRole('button', { name: /^Unassign / })).toHaveLength(2);
    // Unassign asks first: Cancel keeps the agent, Unassign goes ahead.
    await userEvent.click(c.getByRole('button', { name: 'Unassign +14155550100' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Unassign +14155550100?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await expect(args.onUnassign).not.toHaveBeenCalled();
    await userEvent.click(c.getByRole('button', { name: 'Unassign +14155550100' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Unassign' }),
    );
    await expect(args.onUnassign).toHaveBeenCalledWith(
      expect.objectContaining({ phone_number: '+14155550100' }),
    );
    await userEvent.click(c.getByRole('button', { name: 'Edit agent of +14155550102' }));
    await expect(args.onEdit).toHaveBeenCalledWith(
      expect.objectContaining({ phone_number: '+14155550102' }),
    );
    // A number without voice has no voice agent to choose.
    await expect(c.queryByRole('button', { name: 'Edit agent of +14155550103' })).toBeNull();
    await expect(c.getAllByText('No voice on this number')).toHaveLength(2);
    await userEvent.click(c.getByRole('button', { name: 'Add Agent' }));
    await expect(args.onAddAgent).toHaveBeenCalled();
    await userEvent.click(c.getByRole('button', { name: 'Sync Phone Numbers' }));
    await expect(args.onSync).toHaveBeenCalled();
  },
};

export const SearchAndFilters: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const table = () => c.getByRole('table', { name: 'Inbound phone numbers' });
    await userEvent.type(c.getByRole('searchbox', { name: 'Search phone numbers' }), 'sales');
    await expect(rowCount(table())).toBe(1);
    await userEvent.clear(c.getByRole('searchbox', { name: 'Search phone numbers' }));
    await userEvent.click(c.getByRole('combobox', { name: 'WhatsApp' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Enabled' }));
    await expect(rowCount(table())).toBe(3);
    await userEvent.click(c.getByRole('combobox', { name: 'Voice' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Disabled' }));
    await expect(rowCount(table())).toBe(2);
    await userEvent.click(c.getByRole('combobox', { name: 'Agent' }));
    await userEvent.click(await screen.findByRole('option', { name: 'support' }));
    await expect(c.getByText('No phone numbers found')).toBeVisible();
    await expect(c.getByText('Try adjusting your search')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Clear All Filters' }));
    await expect(rowCount(table())).toBe(5);
  },
};

export const Loading: Story = {
  args: { numbers: [], loading: true, sandbox: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading phone numbers...')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  args: { numbers: [] },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('No phone numbers found')).toBeVisible();
    await expect(c.getByText('No phone numbers found for this organization')).toBeVisible();
    await expect(c.queryByRole('columnheader', { name: 'Unassign' })).toBeNull();
  },
};

export const FilteredEmpty: Story = {
  args: { filters: { ...noFilters, search: 'nobody' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('No phone numbers found')).toBeVisible();
    await expect(c.getByText('Try adjusting your search')).toBeVisible();
  },
};

export const Failed: Story = {
  args: {
    numbers: [],
    error: 'Failed to get phone numbers for organization: HTTP 502',
    sandbox: false,
  },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(
      c.getByText('Failed to get phone numbers for organization: HTTP 502'),
    ).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const Syncing: Story = {
  args: { syncing: true },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: /Syncing\.\.\./ });
    await expect(button).toBeDisabled();
  },
};

export const SyncSucceeded: Story = {
  args: {
    syncNotice: {
      tone: 'success',
      message: 'Phone numbers synced successfully from a telephony provider!',
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText(
        'Phone numbers synced successfully from a telephony provider!',
      ),
    ).toBeVisible();
  },
};

export const SyncFailed: Story = {
  args: {
    sandbox: false,
    syncNotice: {
      tone: 'error',
      message: 'Failed to sync phone numbers from Twilio: Authenticate',
    },
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(
      c.getByText('Failed to sync phone numbers from Twilio: Authenticate'),
    ).toBeVisible();
    await expect(c.queryByText('Sandbox')).toBeNull();
  },
};

export const Assigned: Story = {
  args: {
    notice: { tone: 'success', message: 'Phone number +14155550102 assigned successfully!' },
  },
};

export const Outbound: Story = {
  args: { tab: 'outbound' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Scheduled events go here')).toBeVisible();
    await expect(c.queryByRole('table')).toBeNull();
  },
};

/** A member: Sync Phone Numbers disabled, with the reason beside it (docs/roles.md). */
export const Member: Story = {
  args: { syncDisabledReason: 'Only an owner or admin can sync numbers from the provider' },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const sync = c.getByRole('button', { name: 'Sync Phone Numbers' });
    await expect(sync).toBeDisabled();
    await expect(sync).toHaveAccessibleDescription(
      'Only an owner or admin can sync numbers from the provider',
    );
    await expect(args.onSync).not.toHaveBeenCalled();
  },
};

const dark = { globals: { theme: 'dark' } };
export const MemberDark: Story = { ...Member, ...dark };
/** The install's shared numbers do not serve this organization: the screen says so plainly. */
export const SharedNumbersUnavailable: Story = {
  args: { sharedUnavailable: true },
  beforeEach: () => {
    localStorage.removeItem(sandboxNoticeKey);
    return () => localStorage.removeItem(sandboxNoticeKey);
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    // One slim line says both; its details say why.
    const notice = c.getByTestId('sandbox-notice');
    await expect(notice).toHaveTextContent(/shared numbers do not serve this organization/);
    await userEvent.click(within(notice).getByRole('button', { name: 'Details' }));
    await expect(await c.findByText(/shared telephony account serves only/)).toBeVisible();
  },
};
export const SharedNumbersUnavailableDark: Story = { ...SharedNumbersUnavailable, ...dark };
export const NumbersDark: Story = { ...dark };
export const LoadingDark: Story = { ...Loading, ...dark };
export const EmptyDark: Story = { ...Empty, ...dark };
export const FilteredEmptyDark: Story = { ...FilteredEmpty, ...dark };
export const FailedDark: Story = { ...Failed, play: undefined, ...dark };
export const SyncingDark: Story = { ...Syncing, ...dark };
export const SyncFailedDark: Story = { ...SyncFailed, ...dark };
export const OutboundDark: Story = { ...Outbound, ...dark };
