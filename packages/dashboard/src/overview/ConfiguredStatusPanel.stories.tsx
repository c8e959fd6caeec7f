import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { SystemStatus } from '@parley/api-client';
import { ConfiguredStatusPanel } from './ConfiguredStatusPanel';
import { shows } from '../stories/plays';

const nothing: SystemStatus = {
  organization_id: 'org_1',
  model_keys: { configured: false, providers: [], agents_with_own_key: 0 },
  livekit: { configured: false },
  voice: {
    available: false,
    reason:
      'Voice calls cannot speak on this server: install espeak-ng (apt-get install espeak-ng) or set an OpenAI, 11Labs or Cartesia key.',
  },
  telephony: { configured: false, provider: 'sandbox', credentials: 'none' },
  mail: { configured: false, mailboxes: 0, mailboxes_with_servers: 0, install_mailer: false },
};
const everything: SystemStatus = {
  organization_id: 'org_1',
  model_keys: { configured: true, providers: ['openai', 'anthropic'], agents_with_own_key: 2 },
  livekit: { configured: true },
  voice: { available: true },
  telephony: { configured: true, provider: 'twilio', credentials: 'organization' },
  mail: { configured: true, mailboxes: 3, mailboxes_with_servers: 2, install_mailer: true },
};

const meta = {
  title: 'Dashboard/Overview/Configured status',
  component: ConfiguredStatusPanel,
  args: { status: everything, onNavigate: fn() },
} satisfies Meta<typeof ConfiguredStatusPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AllConfigured: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(
      c.getByText('Model keys: OpenAI, Anthropic, 2 agents with their own key'),
    ).toBeVisible();
    await expect(c.getByText('Telephony: Twilio')).toBeVisible();
    await expect(c.getByText('Mail: 2 mailboxes with mail servers')).toBeVisible();
    await expect(c.queryAllByRole('link')).toHaveLength(0);
  },
};
export const AllConfiguredDark: Story = { args: AllConfigured.args, globals: { theme: 'dark' } };

/** A fresh install: each missing one says where it is set. */
export const NothingConfigured: Story = {
  args: { status: nothing },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('No voice calls')).toBeVisible();
    await expect(
      c.getByText(/install espeak-ng .* LIVEKIT_URL, LIVEKIT_API_KEY, LIVEKIT_API_SECRET/),
    ).toBeVisible();
    await expect(c.getByRole('link', { name: 'Set up a mailbox' })).toHaveAttribute(
      'href',
      '/?tab=email',
    );
    await userEvent.click(c.getByRole('link', { name: 'Add a key in Integrations' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/?view=integrations');
  },
};
export const NothingConfiguredDark: Story = {
  args: NothingConfigured.args,
  globals: { theme: 'dark' },
};

/** No LiveKit, but the server takes calls itself (its WebSocket transport, the local speech). */
export const BuiltInVoice: Story = {
  args: { status: { ...nothing, voice: { available: true } } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const line = c.getByText('Voice calls: built into this server (LiveKit not configured)');
    await expect(line).toBeVisible();
    await expect(line.closest('li')).toHaveAttribute('data-ok', 'true');
  },
};
export const BuiltInVoiceDark: Story = { args: BuiltInVoice.args, globals: { theme: 'dark' } };

export const Loading: Story = {
  args: { status: undefined, loading: true },
  play: shows('Checking the configuration...'),
};
export const LoadingDark: Story = { args: Loading.args, globals: { theme: 'dark' } };

export const Failed: Story = {
  args: { status: undefined, error: 'HTTP 500: Internal Server Error' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Could not read the configuration/)).toBeVisible();
  },
};
export const FailedDark: Story = { args: Failed.args, globals: { theme: 'dark' } };
