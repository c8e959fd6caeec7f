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
    // The console tests the draft (docs/versions.md), with a switch to the live version.
    await expect(d.getByText('Testing your draft')).toBeVisible();
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
    const dialog = within(await screen.findByRole('dialog', { name: 'Publish the draft' }));
    await userEvent.type(dialog.getByLabelText('What changed? (optional)'), 'New greeting');
    await userEvent.click(dialog.getByRole('button', { name: 'Publish' }));
    await expect(await dialog.findByRole('button', { name: 'Publishing...' })).toBeDisabled();
    await expect(
      await c.findByText('Agent published successfully: version 3 is live'),
    ).toBeVisible();
  },
};

export const PublishWithoutAppId: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...agentDetailBackend({ appMissing: true }));
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('button', { name: 'Publish Agent' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Publish' }));
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
    await userEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    await expect(await c.findByText('Failed to publish agent: The app is archived')).toBeVisible();
  },
};

/** The draft differs from the live version: the strip lists it; Discard resets it. */
export const UnpublishedChanges: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...agentDetailBackend());
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const strip = await c.findByRole('region', { name: 'Unpublished changes' });
    await expect(within(strip).getByRole('rowheader', { name: 'Initial message' })).toBeVisible();
    await userEvent.click(within(strip).getByRole('button', { name: 'Discard' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }),
    );
    await waitFor(() =>
      expect(c.queryByRole('region', { name: 'Unpublished changes' })).toBeNull(),
    );
  },
};
export const UnpublishedChangesDark: Story = {
  ...UnpublishedChanges,
  globals: { theme: 'dark' },
};

/** The Versions section: compare a version with live, restore it. */
export const Versions: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...agentDetailBackend());
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const section = await c.findByRole('region', { name: 'Versions' });
    const s = within(section);
    await expect(await s.findByRole('heading', { name: 'Version 2 Live' })).toBeVisible();
    await userEvent.click(s.getByRole('button', { name: 'Compare with live' }));
    const table = await s.findByRole('table', { name: 'Version 1 against version 2 (live)' });
    await expect(within(table).getByText('Welcome!')).toBeVisible();
    await userEvent.click(s.getByRole('button', { name: 'Restore version 1' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Restore' }),
    );
    await expect(await s.findByText('Version 1 is live again, as version 3.')).toBeVisible();
    await expect(await s.findByRole('heading', { name: 'Version 3 Live' })).toBeVisible();
  },
};
export const VersionsDark: Story = { ...Versions, globals: { theme: 'dark' } };

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
