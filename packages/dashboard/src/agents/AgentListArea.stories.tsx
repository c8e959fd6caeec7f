import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { AgentListArea } from './AgentListArea';
import { StoryProviders } from '../stories/StoryProviders';
import { backend } from '../stories/handlers';

/** The Agents tab container over the real client; MSW keeps an in-memory agent list. */
const meta = {
  title: 'Dashboard/Agents/Agents tab',
  component: AgentListArea,
  parameters: { layout: 'fullscreen' },
  args: { orgId: 'org_1', origin: 'http://localhost:3000' },
  render: (args) => (
    <StoryProviders>
      <AgentListArea {...args} />
    </StoryProviders>
  ),
} satisfies Meta<typeof AgentListArea>;
export default meta;
type Story = StoryObj<typeof meta>;

export const CreateAndDelete: Story = {
  beforeEach: ({ msw }) => msw.use(...backend({ agents: [] })),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText('No agents found')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: /Create New Agent/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Agent' });
    await userEvent.type(within(dialog).getByLabelText('Agent Identifier'), 'front_desk{Enter}');
    const card = await c.findByRole('article', { name: 'front_desk' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(within(card).getByRole('button', { name: 'Delete Agent' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Agent' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete Agent' }));
    await expect(await c.findByText('No agents found')).toBeVisible();
  },
};

export const QrCode: Story = {
  beforeEach: ({ msw }) => msw.use(...backend({})),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const card = await c.findByRole('article', { name: 'support' });
    await userEvent.click(within(card).getByRole('button', { name: 'Generate QR code' }));
    await expect(await screen.findByRole('dialog', { name: 'QR Code for support' })).toBeVisible();
    await expect(
      await screen.findByRole('link', {
        name: 'http://localhost:3000/chatbot/support_123e4567_e89b_12d3_a456_426614174000',
      }),
    ).toBeVisible();
  },
};

export const ServerError: Story = {
  beforeEach: ({ msw }) => msw.use(...backend({ agentsStatus: 500 })),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText('Database unavailable')).toBeVisible();
    await expect(c.getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

export const Loading: Story = {
  beforeEach: ({ msw }) => msw.use(...backend({ latencyMs: 'infinite' })),
};
