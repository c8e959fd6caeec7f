import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '@parley/api-client';
import { DashboardApiProvider } from '../../api/ApiContext';
import type { AgentConfig, DashboardApi } from '../../api/DashboardApi';
import { AgentDetail, callErrorClearMs, type AgentDetailProps } from './AgentDetail';
import { chatStorageKey, saveChat } from '../../chat/chatSession';

const agentId = 'support_123e4567_e89b_12d3_a456_426614174000';
const config: AgentConfig = {
  agent_name: agentId,
  name: agentId,
  description: 'Answers questions.',
  chatbot_api: 'http://runtime.test/v1',
  chatbot_key: 'app-KEY',
};

/**
 * An in-memory DashboardApi: the calls the detail makes answer; any other call rejects (so the
 * fake keeps compiling when the interface grows).
 */
function fakeApi(overrides: Partial<DashboardApi> = {}): DashboardApi {
  const known: Partial<DashboardApi> = {
    getAgent: vi.fn(async () => config),
    getAppIdByKey: vi.fn(async () => '0f8fad5b-d9cb-469f-a165-70867728950e'),
    publishAgent: vi.fn(async () => {}),
    // Never published, nothing else to say (the strip and the Versions panel are quiet).
    agentVersions: {
      list: async () => ({ live_version: null, draft_changed: true, versions: [] }),
      draft: async () => ({ draft_changed: false, live_version: 1, changes: [] }),
    } as unknown as DashboardApi['agentVersions'],
    ...overrides,
  };
  return new Proxy(known, {
    get: (target, name: string) =>
      target[name as keyof DashboardApi] ??
      (() => Promise.reject(new Error(`${name} is not expected in this test`))),
  }) as DashboardApi;
}

function setup(api: DashboardApi, props: Partial<AgentDetailProps> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DashboardApiProvider api={api}>
        <AgentDetail
          agentId={agentId}
          orgId="org_1"
          tab="model"
          onTabChange={vi.fn()}
          onBack={vi.fn()}
          origin="https://console.test"
          {...props}
        />
      </DashboardApiProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('AgentDetail', () => {
  it('given the agent loads › shows its display name and the settings given to it', async () => {
    const api = fakeApi();
    setup(api, {
      settings: {
        model: (agent) => <p>Prompt of {agent.agent_name}</p>,
        status: <p>All changes saved</p>,
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'support' })).toBeVisible();
    expect(api.getAgent).toHaveBeenCalledWith(agentId, expect.any(AbortSignal));
    expect(screen.getByText(`Prompt of ${agentId}`)).toBeVisible();
    expect(screen.getByText('All changes saved')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Widget Configuration' })).toBeVisible();
    // No voice call wired yet: the button is there but disabled.
    expect(screen.getByRole('button', { name: 'Talk to Agent' })).toBeDisabled();
  });

  it('given loading fails › shows the reason and Retry loads again', async () => {
    const getAgent = vi
      .fn<DashboardApi['getAgent']>()
      .mockRejectedValueOnce(new ApiError('Agent not found', 404, {}))
      .mockResolvedValueOnce(config);
    const user = setup(fakeApi({ getAgent }));
    expect(await screen.findByText('Agent not found')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'support' })).toBeVisible();
  });

  it('given Publish › asks for a note, looks the app up by key, publishes, and says so', async () => {
    const api = fakeApi({ publishAgent: vi.fn(async () => ({ version: 4 })) });
    const user = setup(api);
    await user.click(await screen.findByRole('button', { name: 'Publish Agent' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Publish the draft' }));
    await user.type(dialog.getByLabelText('What changed? (optional)'), 'New greeting');
    await user.click(dialog.getByRole('button', { name: 'Publish' }));
    expect(
      await screen.findByText('Agent published successfully: version 4 is live'),
    ).toBeVisible();
    expect(api.getAppIdByKey).toHaveBeenCalledWith('app-KEY');
    expect(api.publishAgent).toHaveBeenCalledWith(
      'app-KEY',
      '0f8fad5b-d9cb-469f-a165-70867728950e',
      'New greeting',
    );
    expect(screen.queryByRole('dialog', { name: 'Publish the draft' })).toBeNull();
  });

  it("given the server refuses to publish › 'Failed to publish agent: {reason}'", async () => {
    const user = setup(
      fakeApi({
        publishAgent: async () => {
          throw new ApiError('The app is archived', 409, {});
        },
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Publish Agent' }));
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to publish agent: The app is archived',
    );
  });

  it('given an agent without chatbot_api/chatbot_key › the chat drawer says so plainly', async () => {
    const user = setup(
      fakeApi({ getAgent: async () => ({ ...config, chatbot_api: null, chatbot_key: null }) }),
    );
    await user.click(await screen.findByRole('button', { name: 'Chat' }));
    const drawer = await screen.findByRole('dialog', { name: 'support Assistant' });
    expect(within(drawer).getByText('Chat is not available for this agent')).toBeVisible();
    expect(within(drawer).getByPlaceholderText('Type your message here...')).toBeDisabled();
  });

  it("given a conversation in the chat drawer › 'Make a test' posts it and shows the result or why not", async () => {
    saveChat(localStorage, agentId, {
      conversationId: 'conv_chat_1',
      messages: [
        {
          id: 'u1',
          type: 'user',
          message: 'When are you open?',
          timestamp: '2026-11-25T09:00:00Z',
        },
        { id: 'b1', type: 'bot', message: 'From 9 to 5.', timestamp: '2026-11-25T09:00:02Z' },
      ],
    });
    const fromConversation = vi
      .fn()
      .mockRejectedValueOnce(new Error('conversation_id: the conversation has no user turns'))
      .mockResolvedValueOnce({ id: 't1', name: 'From a chat conversation of 2026-11-25' });
    const user = setup(
      fakeApi({ agentTests: { fromConversation } as unknown as DashboardApi['agentTests'] }),
    );
    try {
      await user.click(await screen.findByRole('button', { name: 'Chat' }));
      const drawer = within(await screen.findByRole('dialog', { name: 'support Assistant' }));
      await user.click(drawer.getByRole('button', { name: 'Make a test' }));
      expect(await drawer.findByText('The test could not be made')).toBeVisible();
      expect(fromConversation).toHaveBeenCalledWith(agentId, { conversation_id: 'conv_chat_1' });
      await user.click(drawer.getByRole('button', { name: 'Make a test' }));
      expect(
        await drawer.findByText('Test made: From a chat conversation of 2026-11-25'),
      ).toBeVisible();
      expect(drawer.queryByText('The test could not be made')).toBeNull();
    } finally {
      localStorage.removeItem(chatStorageKey(agentId));
    }
  });

  it('given a voice call › shows its state and error, and wires the events', async () => {
    const onEndCall = vi.fn();
    const user = setup(fakeApi(), {
      call: { state: 'connected', onTalk: vi.fn(), onEndCall, error: 'LIVEKIT_URL is not set' },
    });
    await user.click(await screen.findByRole('button', { name: 'End Call' }));
    expect(onEndCall).toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('LIVEKIT_URL is not set');
  });

  it('given a Talk to Agent error › the banner clears itself after 5000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const dismissError = vi.fn();
      setup(fakeApi(), {
        call: {
          state: 'idle',
          onTalk: vi.fn(),
          onEndCall: vi.fn(),
          error: 'Failed to connect to agent',
          dismissError,
        },
      });
      expect(await screen.findByText('Failed to connect to agent')).toBeVisible();
      act(() => vi.advanceTimersByTime(callErrorClearMs - 100));
      expect(screen.getByText('Failed to connect to agent')).toBeVisible();
      act(() => vi.advanceTimersByTime(200));
      expect(screen.queryByText('Failed to connect to agent')).toBeNull();
      expect(dismissError).toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('given a live panel and a Calls section › shows both around the settings', async () => {
    setup(fakeApi(), {
      settings: { livePanel: <p>Live call here</p>, calls: <p>Call log here</p> },
    });
    expect(await screen.findByText('Live call here')).toBeVisible();
    expect(screen.getByText('Call log here')).toBeVisible();
  });
});
