import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { AgentsScreen } from './AgentsScreen';
import { toAgentCardModel } from './agentView';
import { fixtureAgents } from '../stories/fixtures';
import { retriesAfter, shows } from '../stories/plays';

const agents = fixtureAgents.map(toAgentCardModel);

const meta = {
  title: 'Dashboard/Agents/Agents screen',
  component: AgentsScreen,
  parameters: { layout: 'fullscreen' },
  args: {
    agents,
    onRetry: fn(),
    onCreate: fn(),
    onOpen: fn(),
    onEdit: fn(),
    onQr: fn(),
    onDelete: fn(),
    onAnalytics: fn(),
    onApiEndpoints: fn(),
  },
} satisfies Meta<typeof AgentsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithAgents: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const card = c.getByRole('article', { name: 'support' });
    await expect(within(card).getByText('active')).toBeVisible();
    await expect(within(card).getByText('Custom API')).toBeVisible();
    await expect(within(card).getByText('Custom URL')).toBeVisible();
    await expect(within(card).getByText('support_')).toBeVisible();
    await userEvent.click(within(card).getByRole('button', { name: 'Generate QR code' }));
    await expect(args.onQr).toHaveBeenCalledWith(fixtureAgents[0]!.id);
    // The kind reads in words (and an icon and the card's edge): Knowledge vs Action.
    await expect(within(card).getByText('Knowledge Agent')).toBeVisible();
    const draft = c.getByRole('article', { name: 'Sales desk' });
    await expect(within(draft).getByText('draft')).toBeVisible();
    await expect(within(draft).getByText('Action Agent')).toBeVisible();
    await expect(draft).toHaveAttribute('data-kind', 'action');
    await expect(within(draft).queryByRole('button', { name: 'API endpoints' })).toBeNull();
    const unknown = c.getByRole('article', { name: 'zeta' });
    await expect(within(unknown).getByText('No description available.')).toBeVisible();
    await expect(within(unknown).queryByText(/Knowledge Agent|Action Agent/)).toBeNull();
    await userEvent.click(c.getByRole('button', { name: /Create New Agent/ }));
    await expect(args.onCreate).toHaveBeenCalled();
    // A card's icon buttons say what they do in a tooltip on keyboard focus (no native title).
    const analytics = within(card).getByRole('button', { name: 'Analytics' });
    await expect(analytics).not.toHaveAttribute('title');
    analytics.focus();
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('Analytics');
  },
};

export const Loading: Story = {
  args: { agents: [], loading: true },
  play: shows('Loading agents...'),
};

export const Empty: Story = {
  args: { agents: [] },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('No agents found')).toBeVisible();
    await expect(c.getByText('Create your first AI agent to get started!')).toBeVisible();
  },
};

export const Failed: Story = {
  args: { agents: [], error: 'HTTP 502: Bad Gateway' },
  play: retriesAfter('HTTP 502: Bad Gateway'),
};

export const WithAgentsDark: Story = { globals: { theme: 'dark' } };
export const FailedDark: Story = { ...Failed, play: undefined, globals: { theme: 'dark' } };
