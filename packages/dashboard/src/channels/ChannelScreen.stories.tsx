import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { ChannelScreen } from './ChannelScreen';
import { MessagesPanel } from './MessagesPanel';
import { defaultChannelFilters } from './channelFilters';
import { fixtureNumbers } from '../stories/phoneHandlers';
import { fixtureThreads } from '../stories/messagingHandlers';
import { withLocalTabAndFilters } from '../stories/LocalTabAndFilters';

const smsNumbers = fixtureNumbers.filter((n) => n.sms_enabled);
const whatsappNumbers = fixtureNumbers.filter((n) => n.whatsapp_enabled);

/** Keeps the tab and filters the way the container does. */
const Harness = withLocalTabAndFilters(ChannelScreen);

const meta = {
  title: 'Dashboard/SMS and WhatsApp/Channel screen',
  component: ChannelScreen,
  args: {
    channel: 'sms',
    orgName: 'Acme Labs',
    numbers: smsNumbers,
    sandbox: true,
    tab: 'inbound',
    filters: defaultChannelFilters(smsNumbers),
    onTabChange: fn(),
    onFiltersChange: fn(),
    onRefresh: fn(),
    onAssign: fn(),
    onUnassign: fn(),
    onSimulate: fn(),
    onRetry: fn(),
    outbound: <MessagesPanel channel="sms" threads={fixtureThreads} onOpenSend={() => undefined} />,
  },
  render: (args) => <Harness {...args} />,
} satisfies Meta<typeof ChannelScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const rowCount = (el: HTMLElement) =>
  within(within(el).getByRole('table')).getAllByRole('row').length - 1;

export const Sms: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { name: 'SMS-Enabled Phone Numbers' })).toBeVisible();
    await expect(c.getByTestId('sandbox-notice')).toBeVisible();
    await expect(c.getByText('Acme Labs')).toBeVisible();
    // §2 default: only the assigned numbers.
    await expect(rowCount(canvasElement)).toBe(2);
    await userEvent.click(c.getByRole('button', { name: 'Clear All Filters' }));
    await expect(rowCount(canvasElement)).toBe(3);
    await userEvent.type(c.getByRole('searchbox', { name: 'Search phone numbers' }), '0103');
    await expect(rowCount(canvasElement)).toBe(1);
    await userEvent.click(c.getByRole('button', { name: 'Clear All Filters' }));
    await userEvent.click(c.getByRole('combobox', { name: 'Agent' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Unassigned' }));
    await expect(rowCount(canvasElement)).toBe(1);
    await userEvent.click(c.getByRole('button', { name: 'Clear All Filters' }));
    await userEvent.click(
      c.getByRole('button', { name: 'Simulate inbound message to +14155550100' }),
    );
    await expect(args.onSimulate).toHaveBeenCalled();
    await userEvent.click(c.getByRole('button', { name: 'Unassign +14155550100' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Unassign' }),
    );
    await expect(args.onUnassign).toHaveBeenCalled();
    await userEvent.click(c.getByRole('button', { name: 'Assign Agent' }));
    await expect(args.onAssign).toHaveBeenCalled();
    await userEvent.click(c.getByRole('button', { name: 'Refresh' }));
    await expect(args.onRefresh).toHaveBeenCalled();
  },
};

export const WhatsApp: Story = {
  args: {
    channel: 'whatsapp',
    numbers: whatsappNumbers,
    filters: defaultChannelFilters(whatsappNumbers),
    sandbox: false,
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { name: 'WhatsApp-Enabled Phone Numbers' })).toBeVisible();
    await expect(c.queryByTestId('sandbox-notice')).toBeNull();
    await expect(c.queryByRole('button', { name: /^Simulate/ })).toBeNull();
  },
};

export const Outbound: Story = {
  args: { tab: 'outbound' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { name: 'SMS Send Message' })).toBeVisible();
    await expect(c.getByText('We open at 9:00 every weekday.')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { numbers: [], loading: true, sandbox: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading phone numbers...')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  args: { numbers: [], filters: defaultChannelFilters([]) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('No phone numbers found')).toBeVisible();
    await expect(
      c.getByText('No SMS-enabled phone numbers found for this organization'),
    ).toBeVisible();
  },
};

export const Failed: Story = {
  args: { numbers: [], error: 'Failed to get phone numbers for organization: HTTP 502' },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const Assigned: Story = {
  args: {
    notice: { tone: 'success', message: 'Phone number +14155550103 assigned successfully!' },
  },
};

const dark = { globals: { theme: 'dark' } };
export const SmsDark: Story = { ...dark };
export const WhatsAppDark: Story = { ...WhatsApp, ...dark };
export const OutboundDark: Story = { ...Outbound, ...dark };
export const LoadingDark: Story = { ...Loading, ...dark };
export const EmptyDark: Story = { ...Empty, ...dark };
export const FailedDark: Story = { ...Failed, play: undefined, ...dark };
