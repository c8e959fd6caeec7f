import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { AgentDetail, type AgentDetailProps } from './AgentDetail';
import type { AgentDetailTab } from './agentDetailTabs';
import { chatStorageKey } from '../../chat/chatSession';
import { chatNotConfiguredText } from '../../chat/ChatDrawer';
import { StoryProviders } from '../../stories/StoryProviders';
import {
  agentDetailBackend,
  chatRuntime,
  fixtureAgentConfig,
  fixtureAgentWithoutApi,
} from '../../stories/chatHandlers';

const agentId = fixtureAgentConfig.agent_name!;

function Harness(props: Omit<AgentDetailProps, 'tab' | 'onTabChange'>) {
  const [tab, setTab] = useState<AgentDetailTab>('model');
  return <AgentDetail {...props} tab={tab} onTabChange={setTab} />;
}

/** The agent detail container over the real client; MSW answers info, publish and chat. */
const meta = {
  title: 'Dashboard/Agent detail/Agent detail',
  component: Harness,
  parameters: { layout: 'padded' },
  args: {
    agentId,
    orgId: 'org_1',
    onBack: fn(),
    user: 'user_1',
    origin: 'https://console.example.com',
  },
  render: (args) => (
    <StoryProviders>
      <Harness {...args} />
    </StoryProviders>
  ),
  beforeEach: () => {
    localStorage.removeItem(chatStorageKey(agentId));
    const spy = spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    return () => {
      spy.mockRestore();
      localStorage.removeItem(chatStorageKey(agentId));
    };
  },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ChatWithTheAgent: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...agentDetailBackend(), chatRuntime({ firstDeltaMs: 300, deltaMs: 20 }));
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole('heading', { level: 1, name: 'support' })).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Chat' }));
    const drawer = await screen.findByRole('dialog', { name: 'support Assistant' });
    const d = within(drawer);
    await userEvent.type(d.getByPlaceholderText('Type your message here...'), 'Hours?{Enter}');
    await expect(await d.findByText('Thinking...')).toBeVisible();
    await waitFor(() => expect(d.getByRole('link', { name: 'our booking page' })).toBeVisible(), {
      timeout: 5000,
    });
  },
};

export const PublishSucceeds: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...agentDetailBackend());
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('button', { name: 'Publish Agent' }));
    await expect(await c.findByRole('button', { name: 'Publishing...' })).toBeDisabled();
    await expect(await c.findByText('Agent published successfully')).toBeVisible();
  },
};

export const PublishWithoutAppId: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...agentDetailBackend({ appMissing: true }));
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('button', { name: 'Publish Agent' }));
    await expect(
      await c.findByText(
        'Could not find app ID. The configuration has been saved but may require manual publishing.',
      ),
    ).toBeVisible();
  },
};

export const PublishFails: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...agentDetailBackend({ publishStatus: 409 }));
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('button', { name: 'Publish Agent' }));
    await expect(await c.findByText('Failed to publish agent: The app is archived')).toBeVisible();
  },
};

export const AgentWithoutApi: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...agentDetailBackend({ agent: fixtureAgentWithoutApi }));
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole('heading', { level: 1, name: 'Draft desk' })).toBeVisible();
    await expect(c.getByText('API Key Missing')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Chat' }));
    const drawer = await screen.findByRole('dialog', { name: 'Draft desk Assistant' });
    await expect(within(drawer).getByText(chatNotConfiguredText.title)).toBeVisible();
  },
};

export const Loading: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...agentDetailBackend({ latencyMs: 'infinite' }));
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading agent...')).toBeVisible();
  },
};

export const LoadFails: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...agentDetailBackend({ infoStatus: 500 }));
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText('Agent service unavailable')).toBeVisible();
    await expect(c.getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

export const ReadyDark: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...agentDetailBackend());
  },
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { level: 1, name: 'support' }),
    ).toBeVisible();
  },
};
