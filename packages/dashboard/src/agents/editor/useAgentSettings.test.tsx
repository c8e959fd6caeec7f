import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { json, routeFetch, type RecordedCall } from '@parley/api-client/testing';
import type { AgentConfig, KnowledgeBase } from '@parley/api-client';
import { DashboardApiProvider } from '../../api/ApiContext';
import { createDashboardApi } from '../../api/createDashboardApi';
import { useAgentSettings, type UseAgentSettingsOptions } from './useAgentSettings';

const appId = '0f8fad5b-d9cb-469f-a165-70867728950e';
const agentWithKey: AgentConfig = {
  agent_name: 'a1',
  organization_id: 'o1',
  chatbot_api: 'http://host/v1',
  chatbot_key: 'app-Key1234',
  app_id: appId,
  system_prompt: 'Be nice.',
  initial_message: 'Hi!',
  model_provider: 'langgenius/openai/openai',
  model_name: 'gpt-4o',
  knowledge_base_ids: ['kb1', 'kb-gone'],
};
const bases: KnowledgeBase[] = [
  {
    id: 'kb1',
    name: 'Product docs',
    documentCount: 3,
    createdAt: '2025-01-01',
    indexingTechnique: 'high_quality',
  },
  { id: 'kb2', name: 'FAQ', documentCount: 1, createdAt: '2025-01-01', indexingTechnique: 'eco' },
];

type Route = (call: RecordedCall) => Response | Promise<Response>;
function setup(
  agent: AgentConfig,
  routes: Record<string, Route> = {},
  options: UseAgentSettingsOptions = {},
) {
  const fetch = routeFetch({
    'GET /api/agents/info/a1': () => json(agent),
    'GET /api/knowledge-bases': () => json(bases),
    'POST /api/agents/update/a1': () => json({ success: true, message: 'Agent updated' }),
    'POST /api/prompt-config': () => json({ success: true, message: 'ok' }),
    'POST /api/model-config': () => json({ success: true, message: 'ok' }),
    'POST /api/publish-agent': () => json({ success: true }),
    ...routes,
  });
  const api = createDashboardApi({ fetch });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <DashboardApiProvider api={api}>{children}</DashboardApiProvider>
    </QueryClientProvider>
  );
  const hook = renderHook(() => useAgentSettings('a1', 'o1', { storage: null, ...options }), {
    wrapper,
  });
  const bodies = (method: string, path: string) =>
    fetch.calls
      .filter((c) => c.method === method && new URL(c.url, 'http://x').pathname === path)
      .map((c) => JSON.parse(c.body ?? 'null') as Record<string, unknown>);
  return { ...hook, fetch, bodies };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useAgentSettings › loading', () => {
  it('given an agent › fills the editor state and shows Ready', async () => {
    const { result } = setup(agentWithKey);
    await waitFor(() => expect(result.current.settings).not.toBeNull());
    expect(result.current.statusText).toBe('Ready');
    expect(result.current.settings?.model).toMatchObject({
      provider: 'OpenAI',
      model: 'GPT-4o',
      systemPrompt: 'Be nice.',
      agentApiKey: 'app-Key1234',
    });
    expect(result.current.settings?.tools.initialMessage).toBe('Hi!');
    expect(result.current.banners).toEqual({
      saving: false,
      apiKeyMissing: false,
      invalidKeyFormat: false,
    });
    await waitFor(() => expect(result.current.knowledge.loading).toBe(false));
    expect(result.current.knowledge.items).toEqual([
      { id: 'kb1', name: 'Product docs', badge: 'HQ • VECTOR', deleted: false },
      { id: 'kb-gone', name: 'Deleted knowledge base', badge: 'DELETED', deleted: true },
    ]);
    expect(result.current.knowledge.hasInvalid).toBe(true);
  });

  it('given no agent key › API Key Missing; given a bad format › Invalid API Key Format', async () => {
    const missing = setup({ agent_name: 'a1' });
    await waitFor(() => expect(missing.result.current.settings).not.toBeNull());
    expect(missing.result.current.banners.apiKeyMissing).toBe(true);
    missing.unmount();
    const bad = setup({ agent_name: 'a1', chatbot_key: 'key-123' });
    await waitFor(() => expect(bad.result.current.settings).not.toBeNull());
    expect(bad.result.current.banners.invalidKeyFormat).toBe(true);
  });

  it('given a failing load › reports the service message', async () => {
    const { result } = setup(agentWithKey, {
      'GET /api/agents/info/a1': () => json({ error: 'Agent not found' }, 404, 'Not Found'),
    });
    await waitFor(() => expect(result.current.loadError).toBe('Agent not found'));
  });
});

describe('useAgentSettings › autosave', () => {
  it('commits a tools field on blur and posts the whole publish payload 1 s later', async () => {
    const { result, bodies } = setup(agentWithKey);
    await waitFor(() => expect(result.current.settings).not.toBeNull());
    act(() => result.current.actions.commitTools('nudgeInterval', 'abc'));
    expect(result.current.settings?.tools.nudgeInterval).toBe(15);
    act(() => result.current.actions.commitTools('maxNudges', '7'));
    expect(result.current.statusText).toBe('Unsaved changes');
    await advance(500);
    expect(bodies('POST', '/api/agents/update/a1')).toHaveLength(0);
    await advance(600);
    await waitFor(() => expect(result.current.statusText).toBe('All changes saved'));
    const [body] = bodies('POST', '/api/agents/update/a1');
    expect(body).toMatchObject({
      organization_id: 'o1',
      max_nudges: 7,
      nudge_interval: 15,
      initial_message: 'Hi!',
      system_prompt: 'Be nice.',
      model_provider: 'langgenius/openai/openai',
      model_name: 'gpt-4o',
      chatbot_key: 'app-Key1234',
      chatbot_api: 'http://host/v1',
      tts_config: { provider: 'openai' },
      stt_config: { provider: 'deepgram' },
    });
    expect(Object.keys(body!)).toEqual(
      expect.arrayContaining([
        'typing_volume',
        'max_call_duration',
        'nudge_text',
        'model_api_key',
        'model_live_url',
      ]),
    );
  });

  it('saves the prompt to the chatbot 2 s after typing stops', async () => {
    const { result, bodies } = setup(agentWithKey);
    await waitFor(() => expect(result.current.settings).not.toBeNull());
    act(() => result.current.actions.setSystemPrompt('Be brief.'));
    await advance(1500);
    act(() => result.current.actions.setSystemPrompt('Be brief!'));
    await advance(1000);
    expect(bodies('POST', '/api/prompt-config')).toHaveLength(0);
    await advance(1100);
    await waitFor(() =>
      expect(bodies('POST', '/api/prompt-config')).toEqual([
        { prompt: 'Be brief!', chatbot_api_key: 'app-Key1234' },
      ]),
    );
    await waitFor(() =>
      expect(result.current.autosave.message).toEqual({
        tone: 'success',
        text: 'Prompt saved successfully',
      }),
    );
  });

  it('given a model provider change › first model, default key, then the model config', async () => {
    const { result, bodies } = setup(
      agentWithKey,
      {},
      {
        defaults: { modelKeys: { Anthropic: 'sk-ant-default' } },
      },
    );
    await waitFor(() => expect(result.current.settings).not.toBeNull());
    act(() => result.current.actions.setModelProvider('Anthropic'));
    expect(result.current.autosave.providerChanging).toBe(true);
    expect(result.current.settings?.model).toMatchObject({
      provider: 'Anthropic',
      model: 'Claude Opus 4',
      apiKey: 'sk-ant-default',
    });
    expect(result.current.keyLocked).toBe(false);
    await advance(300);
    expect(result.current.autosave.providerChanging).toBe(false);
    await advance(2000);
    await waitFor(() => expect(bodies('POST', '/api/model-config')).toHaveLength(1));
    expect(bodies('POST', '/api/model-config')[0]).toMatchObject({
      provider: 'langgenius/anthropic/anthropic',
      model: 'claude-opus-4',
      api_key: 'sk-ant-default',
      chatbot_api_key: 'app-Key1234',
    });
  });

  it('given a 401 from the model config › the Unauthorized text', async () => {
    const { result } = setup(agentWithKey, {
      'POST /api/model-config': () => json({ error: 'bad key' }, 401, 'Unauthorized'),
    });
    await waitFor(() => expect(result.current.settings).not.toBeNull());
    act(() => result.current.actions.changeModel({ model: 'GPT-4' }));
    await advance(2100);
    await waitFor(() =>
      expect(result.current.autosave.message?.text).toBe(
        'Unauthorized: Please check your Dify API key configuration',
      ),
    );
  });

  it('given a failing prompt save › Failed to save prompt: {reason}', async () => {
    const { result } = setup(agentWithKey, {
      'POST /api/prompt-config': () => json({ error: 'App not found' }, 404, 'Not Found'),
      'POST /api/agents/update/a1': () => json({ error: 'Database down' }, 500, 'Server Error'),
    });
    await waitFor(() => expect(result.current.settings).not.toBeNull());
    act(() => result.current.actions.setSystemPrompt('x'));
    await advance(1000);
    await waitFor(() => expect(result.current.statusText).toBe('Save failed: Database down'));
    await advance(1000);
    await waitFor(() =>
      expect(result.current.autosave.message?.text).toBe('Failed to save prompt: App not found'),
    );
  });

  it('locks a typed user key on blur', async () => {
    const { result } = setup({ ...agentWithKey });
    await waitFor(() => expect(result.current.settings).not.toBeNull());
    act(() => result.current.actions.changeModel({ apiKey: 'sk-mine-1234' }));
    expect(result.current.keyLocked).toBe(false);
    act(() => result.current.actions.commitModelApiKey());
    expect(result.current.keyLocked).toBe(true);
  });

  it('Replace Key keeps the stored key: nothing is sent until a valid new key is typed', async () => {
    const { result, bodies } = setup({ ...agentWithKey, model_api_key_masked: '••••••1234' });
    await waitFor(() => expect(result.current.keyLocked).toBe(true));
    act(() => result.current.actions.replaceModelApiKey());
    expect(result.current.keyDraft).toBe('');
    expect(result.current.settings?.model.apiKey).toBe('••••••1234');
    act(() => result.current.actions.changeKeyDraft('sk-'));
    expect(result.current.problems.modelApiKey).toMatch(/too short/);
    await advance(2500);
    // No save carries an empty or partial key; the masked value keeps the stored key.
    for (const body of bodies('POST', '/api/agents/update/a1'))
      expect(body['model_api_key']).toBe('••••••1234');
    for (const body of bodies('POST', '/api/model-config'))
      expect(body['api_key']).toBe('••••••1234');
    act(() => result.current.actions.cancelReplaceModelApiKey());
    expect(result.current.keyDraft).toBeNull();
    expect(result.current.keyLocked).toBe(true);
    expect(result.current.settings?.model.apiKey).toBe('••••••1234');
  });

  it('Replace Key with a valid new key saves it and locks it again', async () => {
    const { result, bodies } = setup({ ...agentWithKey, model_api_key_masked: '••••••1234' });
    await waitFor(() => expect(result.current.keyLocked).toBe(true));
    act(() => result.current.actions.replaceModelApiKey());
    act(() => result.current.actions.changeKeyDraft('sk-new-key-5678'));
    act(() => result.current.actions.commitModelApiKey());
    expect(result.current.keyDraft).toBeNull();
    expect(result.current.keyLocked).toBe(true);
    await advance(2000);
    await waitFor(() => expect(bodies('POST', '/api/model-config')).toHaveLength(1));
    expect(bodies('POST', '/api/model-config')[0]).toMatchObject({ api_key: 'sk-new-key-5678' });
    expect(bodies('POST', '/api/agents/update/a1').at(-1)).toMatchObject({
      model_api_key: 'sk-new-key-5678',
    });
  });

  it('given a masked stored key › locked from the start', async () => {
    const { result } = setup({ ...agentWithKey, model_api_key_masked: '••••••1234' });
    await waitFor(() => expect(result.current.settings).not.toBeNull());
    expect(result.current.keyLocked).toBe(true);
  });
});

describe('useAgentSettings › voice, transcriber and tools', () => {
  it('applies the provider rules and saves tts_config, stt_config and the duration', async () => {
    const { result, bodies } = setup(
      agentWithKey,
      {},
      {
        defaults: { voiceKeys: { elevenlabs: 'el-key' }, voiceIds: { elevenlabs: 'el-voice' } },
      },
    );
    await waitFor(() => expect(result.current.settings).not.toBeNull());
    act(() => result.current.actions.changeVoice({ provider: 'elevenlabs' }));
    expect(result.current.autosave.providerChanging).toBe(true);
    act(() => result.current.actions.changeTranscriber({ provider: 'openai' }));
    act(() => result.current.actions.commitMaxCallDurationText('7:30'));
    expect(result.current.settings?.tools.maxCallDuration).toBe(450);
    act(() => result.current.actions.setTypingVolume(0.34));
    await advance(1000);
    await waitFor(() => expect(bodies('POST', '/api/agents/update/a1')).toHaveLength(1));
    expect(bodies('POST', '/api/agents/update/a1')[0]).toMatchObject({
      tts_config: {
        provider: 'elevenlabs',
        elevenlabs: { model_id: 'eleven_v3', api_key: 'el-key', voice_id: 'el-voice' },
      },
      stt_config: { provider: 'openai', openai: { model: 'whisper-1', language: 'en' } },
      max_call_duration: 450,
      typing_volume: 0.3,
    });
  });

  it('given an invalid m:ss entry › falls back to 300', async () => {
    const { result } = setup(agentWithKey);
    await waitFor(() => expect(result.current.settings).not.toBeNull());
    act(() => result.current.actions.setMaxCallDuration(95));
    expect(result.current.settings?.tools.maxCallDuration).toBe(90);
    act(() => result.current.actions.commitMaxCallDurationText('soon'));
    expect(result.current.settings?.tools.maxCallDuration).toBe(300);
  });
});

describe('useAgentSettings › one invalid field never blocks the others', () => {
  it('an over-long Initial Message does not stop a later Max Call Duration edit from saving', async () => {
    const { result, bodies } = setup(agentWithKey, {
      // The server refuses an over-long initial message, as the real one does.
      'POST /api/agents/update/a1': (call) => {
        const body = JSON.parse(call.body ?? '{}') as Record<string, unknown>;
        return typeof body['initial_message'] === 'string' && body['initial_message'].length > 2000
          ? json({ success: false, error: 'initial_message: Too big' }, 400, 'Bad Request')
          : json({ success: true, message: 'Agent updated' });
      },
    });
    await waitFor(() => expect(result.current.settings).not.toBeNull());
    act(() => result.current.actions.commitTools('initialMessage', 'x'.repeat(2001)));
    expect(result.current.problems.initialMessage).toMatch(/too long/);
    expect(result.current.blockedText).toBe(
      'Not saved: Initial Message is too long (2,001 of at most 2,000 characters)',
    );
    await advance(1000);
    act(() => result.current.actions.setMaxCallDuration(420));
    await advance(1000);
    await waitFor(() => expect(result.current.autosave.status).toBe('saved'));
    const last = bodies('POST', '/api/agents/update/a1').at(-1)!;
    expect(last['max_call_duration']).toBe(420);
    expect(last).not.toHaveProperty('initial_message');
    // The one truth: what was typed is not all stored ('All changes saved' is never said).
    expect(result.current.statusText).toBe(
      'Not saved: Initial Message is too long (2,001 of at most 2,000 characters)',
    );
    expect(result.current.autosave.lastSavedAt).toBeNull();
  });

  it('an invalid Agent URL is left out while the other fields save', async () => {
    const { result, bodies } = setup(agentWithKey);
    await waitFor(() => expect(result.current.settings).not.toBeNull());
    act(() => result.current.actions.changeModel({ agentUrl: 'not a url' }));
    act(() => result.current.actions.changeModel({ liveUrl: 'wss://live' }));
    expect(result.current.problems.agentUrl).toMatch(/http:\/\/ or https:\/\//);
    expect(result.current.problems.liveUrl).toMatch(/http:\/\/ or https:\/\//);
    act(() => result.current.actions.setTypingVolume(0.5));
    await advance(2000);
    await waitFor(() => expect(bodies('POST', '/api/agents/update/a1').length).toBeGreaterThan(0));
    const last = bodies('POST', '/api/agents/update/a1').at(-1)!;
    expect(last['typing_volume']).toBe(0.5);
    expect(last).not.toHaveProperty('chatbot_api');
    expect(last).not.toHaveProperty('model_live_url');
  });

  it("an invalid Model Live URL shows only 'Not saved: …', never a green success beside it", async () => {
    const { result, bodies } = setup(agentWithKey);
    await waitFor(() => expect(result.current.settings).not.toBeNull());
    act(() => result.current.actions.changeModel({ liveUrl: 'wss://live' }));
    act(() => result.current.actions.changeModel({ model: 'GPT-4o Mini' }));
    expect(result.current.blockedText).toMatch(/^Not saved: Model Live URL must be a web address/);
    await advance(2000);
    // The model config went out without the URL…
    await waitFor(() => expect(bodies('POST', '/api/model-config').length).toBeGreaterThan(0));
    expect(bodies('POST', '/api/model-config').at(-1)).not.toHaveProperty('model_live_url');
    await advance(100);
    // …and no 'Model configuration saved successfully' contradicts the strip, nor does 'All
    // changes saved' stand beside it, nor does 'Last saved' move.
    expect(result.current.autosave.message).toBeNull();
    await waitFor(() => expect(result.current.autosave.status).toBe('saved'));
    expect(result.current.statusText).toMatch(/^Not saved: Model Live URL must be a web address/);
    expect(result.current.autosave.lastSavedAt).toBeNull();
    // Once the URL is fixed, the next save reports its success again.
    act(() => result.current.actions.changeModel({ liveUrl: 'https://models.example.com/v1' }));
    expect(result.current.blockedText).toBeNull();
    await advance(2000);
    await waitFor(() =>
      expect(result.current.autosave.message).toEqual({
        tone: 'success',
        text: 'Model configuration saved successfully',
      }),
    );
  });

  it.each([
    ['', 'Not saved: Agent API Key is required: the chat widgets and the public chat page use it'],
    ['wrong-key', "Not saved: Agent API Key must start with 'app-' or 'sk-'"],
  ])(
    'an Agent API Key of %j is never saved: the stored key stays in use',
    async (typed, blocked) => {
      const { result, bodies } = setup(agentWithKey);
      await waitFor(() => expect(result.current.settings).not.toBeNull());
      act(() => result.current.actions.changeModel({ agentApiKey: typed }));
      act(() => result.current.actions.changeModel({ model: 'GPT-4o Mini' }));
      expect(result.current.blockedText).toBe(blocked);
      expect(result.current.problems.agentApiKey).toBeTruthy();
      await advance(2000);
      await waitFor(() => expect(bodies('POST', '/api/model-config').length).toBeGreaterThan(0));
      await waitFor(() =>
        expect(bodies('POST', '/api/agents/update/a1').length).toBeGreaterThan(0),
      );
      // The agent's record keeps its key; the model config is saved under the stored key.
      for (const body of bodies('POST', '/api/agents/update/a1'))
        expect(body).not.toHaveProperty('chatbot_key');
      expect(bodies('POST', '/api/model-config').at(-1)).toMatchObject({
        chatbot_api_key: 'app-Key1234',
        model: 'gpt-4o-mini',
      });
      await waitFor(() => expect(result.current.autosave.status).toBe('saved'));
      expect(result.current.statusText).toBe(blocked);
      expect(result.current.autosave.lastSavedAt).toBeNull();
    },
  );

  it('a failed save names the field in plain words', async () => {
    const { result } = setup(agentWithKey, {
      'POST /api/agents/update/a1': () =>
        json(
          {
            success: false,
            error: 'nudge_text: Too big: expected string to have <=2000 characters',
          },
          400,
          'Bad Request',
        ),
    });
    await waitFor(() => expect(result.current.settings).not.toBeNull());
    act(() => result.current.actions.setTypingVolume(0.5));
    await advance(1000);
    await waitFor(() =>
      expect(result.current.statusText).toBe(
        'Save failed: Nudge Text is too long (at most 2000 characters)',
      ),
    );
  });
});

describe('useAgentSettings › deleted knowledge bases', () => {
  it('show their last known name with DELETED, not the id', async () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    // First visit: both bases exist and their names are remembered.
    const first = setup({ ...agentWithKey, knowledge_base_ids: ['kb1', 'kb2'] }, {}, { storage });
    await waitFor(() => expect(first.result.current.knowledge.loading).toBe(false));
    first.unmount();
    // Later kb2 is deleted.
    const later = setup(
      { ...agentWithKey, knowledge_base_ids: ['kb1', 'kb2'] },
      { 'GET /api/knowledge-bases': () => json([bases[0]]) },
      { storage },
    );
    await waitFor(() => expect(later.result.current.knowledge.hasInvalid).toBe(true));
    expect(later.result.current.knowledge.items[1]).toEqual({
      id: 'kb2',
      name: 'FAQ',
      badge: 'DELETED',
      deleted: true,
    });
  });
});

describe('useAgentSettings › key test', () => {
  it('asks what the key opens (GET /info, no chat stored) and reports success', async () => {
    const { result, fetch } = setup(agentWithKey, {
      'GET /v1/info': () => json({ name: 'a1', description: '', tags: [], mode: 'chat' }),
    });
    await waitFor(() => expect(result.current.settings).not.toBeNull());
    await act(() => result.current.actions.testKey());
    expect(result.current.keyTest).toEqual({ status: 'ok' });
    expect(fetch.calls.find((c) => c.url.endsWith('/v1/info'))!.url).toBe('http://host/v1/info');
    expect(fetch.calls.some((c) => c.url.includes('/chat-messages'))).toBe(false);
  });

  it('reports the failure reason', async () => {
    const { result } = setup(agentWithKey, {
      'GET /v1/info': () => json({ message: 'Invalid API key' }, 401, 'Unauthorized'),
    });
    await waitFor(() => expect(result.current.settings).not.toBeNull());
    await act(() => result.current.actions.testKey());
    expect(result.current.keyTest).toEqual({ status: 'failed', reason: 'Invalid API key' });
  });
});

describe('useAgentSettings › knowledge', () => {
  it('saves the selection 500 ms after a change, with dataset_configs and app_id', async () => {
    const { result, bodies } = setup(agentWithKey);
    await waitFor(() => expect(result.current.knowledge.hasInvalid).toBe(true));
    act(() => result.current.actions.clearInvalidKnowledge());
    expect(result.current.settings?.knowledgeBaseIds).toEqual(['kb1']);
    await advance(500);
    await waitFor(() => expect(bodies('POST', '/api/model-config')).toHaveLength(1));
    expect(bodies('POST', '/api/model-config')[0]).toMatchObject({
      app_id: appId,
      dataset_configs: { retrieval_model: 'single', datasets: ['kb1'], top_k: 4 },
    });
  });

  it('Add & Publish saves the selection (dropping missing ones) and publishes', async () => {
    const { result, bodies } = setup(agentWithKey);
    await waitFor(() => expect(result.current.knowledge.loading).toBe(false));
    await act(() => result.current.actions.addAndPublish(['kb2', 'kb-gone']));
    expect(result.current.settings?.knowledgeBaseIds).toEqual(['kb2']);
    expect(bodies('POST', '/api/model-config')[0]).toMatchObject({
      dataset_configs: { datasets: ['kb2'] },
    });
    expect(bodies('POST', '/api/publish-agent')).toEqual([
      { chatbot_api_key: 'app-Key1234', app_id: appId },
    ]);
    expect(result.current.knowledge.publishing).toBe(false);
  });

  it('given a failing publish › Failed to publish agent: {reason} banner for 5000 ms', async () => {
    const { result } = setup(agentWithKey, {
      'POST /api/publish-agent': () => json({ error: 'App not found' }, 404, 'Not Found'),
    });
    await waitFor(() => expect(result.current.knowledge.loading).toBe(false));
    await act(() => result.current.actions.addAndPublish(['kb1']));
    expect(result.current.autosave.banner).toEqual({
      tone: 'error',
      text: 'Failed to publish agent: App not found',
    });
    await advance(5000);
    expect(result.current.autosave.banner).toBeNull();
  });
});
