import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { OverviewScreen } from './OverviewScreen';
import { ConfiguredStatusPanel } from './ConfiguredStatusPanel';
import { LatestConversationsPanel } from '../conversations/LatestConversationsPanel';
import { fixtureSummaries } from '../conversations/inboxFixtures';

const meta = {
  title: 'Dashboard/Overview',
  component: OverviewScreen,
  args: {
    firstName: 'Ada',
    stats: { totalAgents: 3, totalPhoneNumbers: 2, totalWhatsAppNumbers: 1, totalEmails: 4 },
    onOpenTab: fn(),
  },
} satisfies Meta<typeof OverviewScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Welcome back, Ada')).toBeVisible();
    await expect(c.getByText('System Online')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Create Agent' }));
    await expect(args.onOpenTab).toHaveBeenCalledWith('agents');
    // Each action says what it is for; the card is as tall as that (no empty space).
    await expect(c.getByRole('button', { name: 'Email' })).toHaveAccessibleDescription(
      'Connect a mailbox',
    );
  },
};

/** A new organization: every count is 0 and every bar is empty (none looks partly full). */
export const NothingYet: Story = {
  args: {
    stats: { totalAgents: 1, totalPhoneNumbers: 0, totalWhatsAppNumbers: 0, totalEmails: 0 },
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const bar = (name: string) =>
      (c.getByRole('progressbar', { name }) as HTMLProgressElement).value;
    await expect(bar('Total Agents')).toBe(75);
    for (const name of ['Phone Numbers', 'WhatsApp Numbers', 'Total Emails'])
      await expect(bar(name)).toBe(0);
  },
};
export const NothingYetDark: Story = { ...NothingYet, globals: { theme: 'dark' } };

export const Loading: Story = {
  args: { stats: undefined, loading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByText('...')).toHaveLength(4);
  },
};

export const LoadedDark: Story = { globals: { theme: 'dark' } };

/** The first visit says 'Welcome', not 'Welcome back'. */
export const FirstVisit: Story = {
  args: { returning: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Welcome, Ada')).toBeVisible();
    await expect(c.queryByText(/Welcome back/)).toBeNull();
  },
};
export const FirstVisitDark: Story = { ...FirstVisit, globals: { theme: 'dark' } };

/** With the additions (issue 29): latest conversations below the cards, configured lines in System Status. */
export const WithAdditions: Story = {
  args: {
    latest: (
      <LatestConversationsPanel
        conversations={fixtureSummaries}
        onOpen={fn()}
        timeZone="UTC"
        locale="en-US"
      />
    ),
    statusExtra: (
      <ConfiguredStatusPanel
        onNavigate={fn()}
        status={{
          organization_id: 'org_1',
          model_keys: { configured: true, providers: ['openai'], agents_with_own_key: 0 },
          livekit: { configured: false },
          voice: {
            available: false,
            reason: 'Voice calls are not set up on this server (LiveKit is not configured).',
          },
          telephony: { configured: false, provider: 'sandbox', credentials: 'none' },
          mail: {
            configured: false,
            mailboxes: 0,
            mailboxes_with_servers: 0,
            install_mailer: false,
          },
        }}
      />
    ),
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    // Beside a tall System Status, Quick Actions is as tall as its content (no empty card).
    const quick = c.getByRole('region', { name: 'Quick Actions' });
    const list = c.getByRole('list', { name: 'Quick Actions' });
    await expect(
      quick.getBoundingClientRect().bottom - list.getBoundingClientRect().bottom,
    ).toBeLessThan(64);
    await expect(c.getByText('Latest conversations')).toBeVisible();
    await expect(c.getByText('AI Services Operational')).toBeVisible();
    await expect(c.getByText('Model keys: OpenAI')).toBeVisible();
  },
};
export const WithAdditionsDark: Story = { args: WithAdditions.args, globals: { theme: 'dark' } };
