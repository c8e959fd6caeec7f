import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, indexingLabel, modelMessages, type ModelProviderName } from '@parley/api-client';
import { useDashboardApi } from '../api/ApiContext';
import type { AgentConfig, KnowledgeBaseSummary } from '../api/DashboardApi';
import { queryKeys } from '../api/queryKeys';
import {
  autosaveStatusText,
  createAutosave,
  reasonOf,
  type AutosaveSnapshot,
  type SaveChannel,
  type SaveFailure,
  type Scheduler,
} from './autosave';
import {
  emptyDefaults,
  isAppId,
  settingsFromConfig,
  toAgentUpdate,
  toModelConfigRequest,
} from './editorState';
import {
  changeModelProvider,
  isUserConfiguredKey,
  isValidAgentKeyFormat,
  parseDurationText,
  parseMaxCallDuration,
  parseMaxNudges,
  parseNudgeInterval,
  parseTypingVolume,
  updateTranscriber,
  updateVoice,
} from './providerRules';
import type {
  EditorDefaults,
  EditorSettings,
  ModelSettings,
  ToolsSettings,
  TranscriberSettings,
  VoiceSettings,
} from './types';

/** Query keys of the editor's reads. */
export const editorQueryKeys = {
  agent: (agentId: string) => ['agent', agentId] as const,
  knowledgeBases: ['knowledge-bases'] as const,
};

/** Browser-storage key of an agent's knowledge selection (restored when the agent has none). */
export const knowledgeStorageKey = (agentId: string) => `parley.editor.knowledge.${agentId}`;

/** The knowledge-base line of the Model panel (spec §2): name and badge, or DELETED. */
export interface KnowledgeItem {
  id: string;
  name: string;
  /** 'HQ • VECTOR', 'ECONOMY' or 'DELETED'. */
  badge: string;
  deleted: boolean;
}

/** Text fields committed on blur (spec §4 "Loading sources"). */
export type ToolsTextField = 'initialMessage' | 'nudgeText' | 'nudgeInterval' | 'maxNudges';

export interface UseAgentSettingsOptions {
  /** Default keys, voice ids and agent URL of this deployment. */
  defaults?: Partial<EditorDefaults>;
  /** Where the knowledge selection is mirrored (default: localStorage; null for none). */
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** Timers (tests inject fake ones). */
  scheduler?: Scheduler;
}

export interface AgentSettingsController {
  loading: boolean;
  /** 'Failed to get agent configuration' or the server's message. */
  loadError: string | null;
  /** Reloads the agent (the 'API Key Missing' banner's Refresh). */
  reload(): void;
  agent: AgentConfig | undefined;
  settings: EditorSettings | null;
  defaults: EditorDefaults;
  /** The model key is user-configured: locked and masked (spec §5). */
  keyLocked: boolean;
  autosave: AutosaveSnapshot;
  /** 'Ready', 'Unsaved changes', 'Auto-saving...', ... (spec §4). */
  statusText: string;
  knowledge: {
    items: KnowledgeItem[];
    bases: KnowledgeBaseSummary[];
    loading: boolean;
    error: string | null;
    hasInvalid: boolean;
    publishing: boolean;
  };
  banners: {
    /** The blue 'Saving...' banner: a save to the chatbot (prompt, model, knowledge) runs. */
    saving: boolean;
    /** The agent has no chatbot key. */
    apiKeyMissing: boolean;
    /** The agent key does not start with app- or sk-. */
    invalidKeyFormat: boolean;
  };
  actions: {
    setModelProvider(provider: ModelProviderName): void;
    changeModel(patch: Partial<Omit<ModelSettings, 'provider' | 'systemPrompt'>>): void;
    /** Locks the key when it is user-configured (after typing). */
    commitModelApiKey(): void;
    /** Clears a locked key so another can be typed. */
    replaceModelApiKey(): void;
    setSystemPrompt(prompt: string): void;
    changeVoice(patch: Partial<VoiceSettings>): void;
    changeTranscriber(patch: Partial<TranscriberSettings>): void;
    /** Commit-on-blur of the text fields (validated; invalid numbers fall back). */
    commitTools(field: ToolsTextField, text: string): void;
    setTypingVolume(volume: number): void;
    setMaxCallDuration(seconds: number): void;
    /** The m:ss box (invalid → 300). */
    commitMaxCallDurationText(text: string): void;
    removeKnowledge(id: string): void;
    clearInvalidKnowledge(): void;
    /** Saves the selection and publishes the agent (spec §4 "Add & Publish"). */
    addAndPublish(ids: string[]): Promise<void>;
    dismissMessage(): void;
    dismissBanner(): void;
  };
}

function defaultStorage(): Pick<Storage, 'getItem' | 'setItem'> | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function readStoredIds(storage: Pick<Storage, 'getItem'> | null, agentId: string): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(knowledgeStorageKey(agentId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** The red message and status reason of a failed save, in the spec's words (§8). */
export function describeSaveError(channel: SaveChannel, error: unknown): SaveFailure {
  const reason = reasonOf(error) || 'Unknown error';
  if (channel === 'model') {
    if (error instanceof ApiError && error.status === 401)
      return { reason: modelMessages.modelUnauthorized, message: modelMessages.modelUnauthorized };
    return { reason, message: modelMessages.modelFailed(reason) };
  }
  if (channel === 'prompt') return { reason, message: modelMessages.promptFailed(reason) };
  if (channel === 'knowledge') return { reason, message: `Failed to save: ${reason}` };
  return { reason, message: `Save failed: ${reason}` };
}

/**
 * The agent editor's settings: loads the agent, keeps the editor state, applies the provider
 * rules and autosaves (spec §4): every change posts the publish payload (1 s), model and prompt
 * changes also go to the chatbot when the agent has a key (2 s), knowledge selection 500 ms.
 */
export function useAgentSettings(
  agentId: string,
  orgId: string,
  options: UseAgentSettingsOptions = {},
): AgentSettingsController {
  const api = useDashboardApi();
  const queryClient = useQueryClient();
  const defaultsKey = JSON.stringify(options.defaults ?? {});
  const defaults = useMemo<EditorDefaults>(
    () => ({ ...emptyDefaults, ...(JSON.parse(defaultsKey) as Partial<EditorDefaults>) }),
    [defaultsKey],
  );
  const [storage] = useState(() =>
    options.storage === undefined ? defaultStorage() : options.storage,
  );

  const agentQuery = useQuery({
    queryKey: editorQueryKeys.agent(agentId),
    queryFn: ({ signal }) => api.getAgent(agentId, signal),
    retry: false,
    refetchOnWindowFocus: false,
  });
  const basesQuery = useQuery({
    queryKey: editorQueryKeys.knowledgeBases,
    queryFn: ({ signal }) => api.listKnowledgeBases(signal),
    retry: false,
  });

  const [settings, setSettingsState] = useState<EditorSettings | null>(null);
  const [keyLocked, setKeyLocked] = useState(false);
  const [publishing, setPublishing] = useState(false);
  // Saves read the latest values through refs (they run from timers).
  const settingsRef = useRef<EditorSettings | null>(null);
  const agentRef = useRef<AgentConfig | undefined>(undefined);
  const setSettings = useCallback((next: EditorSettings) => {
    settingsRef.current = next;
    setSettingsState(next);
  }, []);
  const update = useCallback(
    (fn: (s: EditorSettings) => EditorSettings) => {
      const current = settingsRef.current;
      if (current) setSettings(fn(current));
    },
    [setSettings],
  );

  const resolveAppId = useCallback(
    async (chatbotKey: string): Promise<string | null> => {
      const known = agentRef.current?.app_id;
      if (isAppId(known)) return known;
      try {
        const found = await api.getAppIdByKey(chatbotKey);
        return isAppId(found) ? found : null;
      } catch {
        return null;
      }
    },
    [api],
  );

  const [autosave] = useState(() =>
    createAutosave({
      scheduler: options.scheduler,
      describeError: describeSaveError,
      save: async (channel) => {
        const s = settingsRef.current;
        if (!s) return;
        const key = s.model.agentApiKey;
        if (channel === 'local') {
          await api.updateAgent(agentId, orgId, toAgentUpdate(s));
          void queryClient.invalidateQueries({ queryKey: queryKeys.agents(orgId) });
          return;
        }
        if (!key) return;
        if (channel === 'prompt') {
          await api.savePrompt(s.model.systemPrompt, key);
          return { message: modelMessages.promptSaved };
        }
        if (channel === 'model') {
          const r = await api.saveModelConfig(toModelConfigRequest(s.model));
          return {
            message: r.warning
              ? modelMessages.modelSavedLocally(r.warning)
              : modelMessages.modelSaved,
          };
        }
        // knowledge
        storage?.setItem(knowledgeStorageKey(agentId), JSON.stringify(s.knowledgeBaseIds));
        const appId = await resolveAppId(key);
        if (!appId) throw new Error(modelMessages.noAppId);
        const r = await api.saveModelConfig(
          toModelConfigRequest(s.model, { appId, datasetIds: s.knowledgeBaseIds }),
        );
        return {
          message: r.warning
            ? modelMessages.modelSavedLocally(r.warning)
            : modelMessages.modelSaved,
        };
      },
    }),
  );
  const snapshot = useSyncExternalStore(
    autosave.subscribe,
    autosave.getSnapshot,
    autosave.getSnapshot,
  );

  // Pending saves go out when the editor closes; timers stop.
  useEffect(
    () => () => {
      for (const channel of ['local', 'model', 'prompt', 'knowledge'] as const) {
        if (autosave.isPending(channel)) void autosave.flush(channel);
      }
      autosave.dispose();
    },
    [autosave],
  );

  // Load (and reload) the editor state from the agent, unless edits are pending (spec §4:
  // reloading is skipped while a field is edited or a provider change is in progress).
  const loadedAt = agentQuery.dataUpdatedAt;
  const data = agentQuery.data;
  useEffect(() => {
    if (!data) return;
    agentRef.current = data;
    const s = autosave.getSnapshot();
    if (settingsRef.current && (s.dirty || s.providerChanging || s.status === 'saving')) return;
    const next = settingsFromConfig(data, defaults);
    if (next.knowledgeBaseIds.length === 0) next.knowledgeBaseIds = readStoredIds(storage, agentId);
    setSettings(next);
    setKeyLocked(isUserConfiguredKey(next.model.apiKey, defaults.modelKeys[next.model.provider]));
  }, [data, loadedAt, defaults, autosave, setSettings, storage, agentId]);

  const bases = useMemo(() => basesQuery.data ?? [], [basesQuery.data]);
  const knowledgeItems = useMemo<KnowledgeItem[]>(() => {
    const ids = settings?.knowledgeBaseIds ?? [];
    return ids.map((id) => {
      const base = bases.find((b) => b.id === id);
      if (base)
        return {
          id,
          name: base.name,
          badge: indexingLabel(base.indexingTechnique),
          deleted: false,
        };
      // Until the list has loaded we cannot tell a deleted base from an unloaded one.
      const deleted = basesQuery.isSuccess;
      return { id, name: id, badge: deleted ? 'DELETED' : '', deleted };
    });
  }, [settings?.knowledgeBaseIds, bases, basesQuery.isSuccess]);

  const hasKey = () => Boolean(settingsRef.current?.model.agentApiKey);
  const changed = (...channels: SaveChannel[]) => {
    channels.forEach((c) => {
      if (c === 'local' || hasKey()) autosave.change(c);
    });
  };

  const actions: AgentSettingsController['actions'] = {
    setModelProvider(provider) {
      const current = settingsRef.current;
      if (!current || current.model.provider === provider) return;
      autosave.beginProviderChange();
      autosave.cancel('model');
      const model = changeModelProvider(current.model, provider, defaults);
      setSettings({ ...current, model });
      setKeyLocked(isUserConfiguredKey(model.apiKey, defaults.modelKeys[provider]));
      changed('model', 'local');
    },
    changeModel(patch) {
      update((s) => ({ ...s, model: { ...s.model, ...patch } }));
      const modelFields = ['model', 'apiKey', 'liveUrl'] as const;
      if (modelFields.some((f) => f in patch)) changed('model', 'local');
      else changed('local');
    },
    commitModelApiKey() {
      const s = settingsRef.current;
      if (s)
        setKeyLocked(isUserConfiguredKey(s.model.apiKey, defaults.modelKeys[s.model.provider]));
    },
    replaceModelApiKey() {
      setKeyLocked(false);
      update((s) => ({ ...s, model: { ...s.model, apiKey: '' } }));
      changed('model', 'local');
    },
    setSystemPrompt(prompt) {
      update((s) => ({ ...s, model: { ...s.model, systemPrompt: prompt } }));
      changed('prompt', 'local');
    },
    changeVoice(patch) {
      if (patch.provider && patch.provider !== settingsRef.current?.voice.provider)
        autosave.beginProviderChange();
      update((s) => ({ ...s, voice: updateVoice(s.voice, patch, defaults) }));
      changed('local');
    },
    changeTranscriber(patch) {
      if (patch.provider && patch.provider !== settingsRef.current?.transcriber.provider)
        autosave.beginProviderChange();
      update((s) => ({ ...s, transcriber: updateTranscriber(s.transcriber, patch, defaults) }));
      changed('local');
    },
    commitTools(field, text) {
      const parsed: Partial<ToolsSettings> =
        field === 'nudgeInterval'
          ? { nudgeInterval: parseNudgeInterval(text) }
          : field === 'maxNudges'
            ? { maxNudges: parseMaxNudges(text) }
            : { [field]: text };
      const current = settingsRef.current;
      if (!current) return;
      const tools = { ...current.tools, ...parsed };
      setSettings({ ...current, tools });
      if (tools[field] !== current.tools[field]) changed('local');
    },
    setTypingVolume(volume) {
      update((s) => ({ ...s, tools: { ...s.tools, typingVolume: parseTypingVolume(volume) } }));
      changed('local');
    },
    setMaxCallDuration(seconds) {
      update((s) => ({
        ...s,
        tools: { ...s.tools, maxCallDuration: parseMaxCallDuration(seconds) },
      }));
      changed('local');
    },
    commitMaxCallDurationText(text) {
      update((s) => ({ ...s, tools: { ...s.tools, maxCallDuration: parseDurationText(text) } }));
      changed('local');
    },
    removeKnowledge(id) {
      update((s) => ({ ...s, knowledgeBaseIds: s.knowledgeBaseIds.filter((k) => k !== id) }));
      changed('knowledge');
    },
    clearInvalidKnowledge() {
      const existing = new Set(bases.map((b) => b.id));
      update((s) => ({
        ...s,
        knowledgeBaseIds: s.knowledgeBaseIds.filter((k) => existing.has(k)),
      }));
      changed('knowledge');
    },
    async addAndPublish(ids) {
      const existing = new Set(bases.map((b) => b.id));
      // Selections that no longer exist are dropped.
      update((s) => ({ ...s, knowledgeBaseIds: ids.filter((id) => existing.has(id)) }));
      const key = settingsRef.current?.model.agentApiKey;
      if (!key) {
        autosave.showBanner('error', modelMessages.publishError);
        return;
      }
      setPublishing(true);
      try {
        await autosave.flush('knowledge');
        const appId = await resolveAppId(key);
        if (!appId) {
          autosave.showBanner('warning', modelMessages.noAppId);
          return;
        }
        await api.publishAgent(key, appId);
        void queryClient.invalidateQueries({ queryKey: queryKeys.agents(orgId) });
      } catch (error) {
        const reason = reasonOf(error);
        autosave.showBanner(
          'error',
          reason ? modelMessages.publishFailed(reason) : modelMessages.publishError,
        );
      } finally {
        setPublishing(false);
      }
    },
    dismissMessage: () => autosave.dismissMessage(),
    dismissBanner: () => autosave.dismissBanner(),
  };

  const agentKey = settings?.model.agentApiKey ?? '';
  const chatbotSave =
    snapshot.status === 'saving' &&
    (snapshot.savingChannel === 'model' ||
      snapshot.savingChannel === 'prompt' ||
      snapshot.savingChannel === 'knowledge');

  return {
    loading: agentQuery.isPending,
    loadError: agentQuery.error
      ? reasonOf(agentQuery.error) || 'Failed to get agent configuration'
      : null,
    reload: () => {
      void agentQuery.refetch();
      void basesQuery.refetch();
    },
    agent: data,
    settings,
    defaults,
    keyLocked,
    autosave: snapshot,
    statusText: autosaveStatusText(snapshot),
    knowledge: {
      items: knowledgeItems,
      bases,
      loading: basesQuery.isPending,
      error: basesQuery.error ? reasonOf(basesQuery.error) || 'Unknown error' : null,
      hasInvalid: knowledgeItems.some((k) => k.deleted),
      publishing,
    },
    banners: {
      saving: chatbotSave,
      apiKeyMissing: Boolean(settings) && !agentKey,
      invalidKeyFormat: Boolean(agentKey) && !isValidAgentKeyFormat(agentKey),
    },
    actions,
  };
}
