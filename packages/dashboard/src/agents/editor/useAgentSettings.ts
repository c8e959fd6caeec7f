import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useKnowledgeBases } from '../../knowledge';
import { agentApiKeyProblem, modelMessages, type ModelProviderName } from '@parley/api-client';
import type { KeyTestState } from './types';
import {
  defaultStorage,
  readStoredIds,
  useKnowledgeItems,
  type KnowledgeItem,
} from './knowledgeSelection';
import { createEditorSave, describeSaveError } from './editorSave';
import { useKeyTest } from './keyTest';
import { useEditorAgent, useSharedProviders } from './queries';
import { useDashboardApi } from '../../api/ApiContext';
import type { AgentConfig, KnowledgeBaseSummary } from '../../api/DashboardApi';
import { agentKeys } from '../queries';
import {
  autosaveStatusText,
  createAutosave,
  reasonOf,
  type AutosaveSnapshot,
  type SaveChannel,
  type Scheduler,
} from './autosave';
import { emptyDefaults, isAppId, settingsFromConfig } from './editorState';
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
  sharedModelKeyNotice,
} from './providerRules';
import { blockingText, modelKeyProblem, settingsProblems, type FieldProblems } from './fieldRules';
import type { EditorDefaults, EditorSettings } from './types';

export {
  knowledgeNamesStorageKey,
  knowledgeStorageKey,
  type KnowledgeItem,
} from './knowledgeSelection';

export { describeSaveError } from './editorSave';

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
  /**
   * The key typed to replace the stored one (null when not replacing). The stored key is kept
   * until this draft is a valid key; Cancel drops it.
   */
  keyDraft: string | null;
  /** Fields that cannot be saved, with the reason (shown beside the field). */
  problems: FieldProblems;
  /** 'Not saved: Initial Message is too long (…)', or null: the status strip names the field. */
  blockedText: string | null;
  /** The agent key test's state (spec §7). */
  keyTest: KeyTestState;
  /** Whether this deployment can test keys. */
  canTestKey: boolean;
  /** The install's shared model key does not serve this organization (said under the key field). */
  sharedKeyNotice: string | null;
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
    changeModel(patch: Partial<Omit<EditorSettings['model'], 'provider' | 'systemPrompt'>>): void;
    /** Locks the key when it is user-configured (after typing). */
    commitModelApiKey(): void;
    /** Starts replacing a locked key: the stored key stays until a valid new one is saved. */
    replaceModelApiKey(): void;
    /** The replacement key as typed (saved once it is a valid key). */
    changeKeyDraft(text: string): void;
    /** Stops replacing: back to the locked, masked stored key. */
    cancelReplaceModelApiKey(): void;
    setSystemPrompt(prompt: string): void;
    changeVoice(patch: Partial<EditorSettings['voice']>): void;
    changeTranscriber(patch: Partial<EditorSettings['transcriber']>): void;
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
    /** POST {agent URL}/chat-messages with the agent key, blocking (spec §7). */
    testKey(): Promise<void>;
  };
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

  const agentQuery = useEditorAgent(agentId);
  const sharedQuery = useSharedProviders(orgId);
  const basesQuery = useKnowledgeBases(orgId);

  const [settings, setSettingsState] = useState<EditorSettings | null>(null);
  const [keyLocked, setKeyLocked] = useState(false);
  const [keyDraft, setKeyDraftState] = useState<string | null>(null);
  const keyDraftRef = useRef<string | null>(null);
  const setKeyDraft = useCallback((draft: string | null) => {
    keyDraftRef.current = draft;
    setKeyDraftState(draft);
  }, []);
  // The key value that stands for the stored key (the server's masked form): saving it keeps it.
  const storedKeyRef = useRef('');
  const [publishing, setPublishing] = useState(false);
  const keyTest = useKeyTest(api.testAgentKey?.bind(api));
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
      save: createEditorSave({
        api,
        agentId,
        orgId,
        storage,
        settings: () => settingsRef.current,
        resolveAppId,
        onAgentSaved: () =>
          void queryClient.invalidateQueries({ queryKey: agentKeys.agents(orgId) }),
        storedAgentKey: () => agentRef.current?.chatbot_key ?? '',
      }),
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
    storedKeyRef.current = next.model.apiKey;
    setKeyDraft(null);
    setKeyLocked(isUserConfiguredKey(next.model.apiKey, defaults.modelKeys[next.model.provider]));
  }, [data, loadedAt, defaults, autosave, setSettings, storage, agentId, setKeyDraft]);

  const bases = useMemo(() => basesQuery.data ?? [], [basesQuery.data]);
  const knowledgeItems = useKnowledgeItems({
    ids: settings?.knowledgeBaseIds,
    bases,
    basesLoaded: basesQuery.isSuccess,
    agent: data,
    storage,
  });

  // The key the chatbot saves go out with: the one typed, or the stored one while that is invalid.
  const usableKey = () => {
    const typed = settingsRef.current?.model.agentApiKey ?? '';
    return (agentApiKeyProblem(typed) ? agentRef.current?.chatbot_key : typed) ?? '';
  };
  const hasKey = () => Boolean(usableKey());
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
      setKeyDraft(null);
      setKeyLocked(isUserConfiguredKey(model.apiKey, defaults.modelKeys[provider]));
      changed('model', 'local');
    },
    changeModel(patch) {
      update((s) => ({ ...s, model: { ...s.model, ...patch } }));
      if ('agentApiKey' in patch || 'agentUrl' in patch) keyTest.reset();
      const modelFields = ['model', 'apiKey', 'liveUrl'] as const;
      if (modelFields.some((f) => f in patch)) changed('model', 'local');
      else changed('local');
    },
    commitModelApiKey() {
      const s = settingsRef.current;
      if (!s) return;
      const draft = keyDraftRef.current;
      if (draft !== null) {
        // A valid replacement is taken (and locked); an invalid one stays open to fix or Cancel.
        if (modelKeyProblem(draft)) return;
        setKeyDraft(null);
        setKeyLocked(true);
        return;
      }
      setKeyLocked(isUserConfiguredKey(s.model.apiKey, defaults.modelKeys[s.model.provider]));
    },
    replaceModelApiKey() {
      // Nothing is sent yet: the stored key stays until a valid new key is typed.
      storedKeyRef.current = settingsRef.current?.model.apiKey ?? storedKeyRef.current;
      setKeyDraft('');
    },
    changeKeyDraft(text) {
      setKeyDraft(text);
      const current = settingsRef.current;
      if (!current) return;
      const next = modelKeyProblem(text) ? storedKeyRef.current : text.trim();
      if (next === current.model.apiKey) return;
      setSettings({ ...current, model: { ...current.model, apiKey: next } });
      changed('model', 'local');
    },
    cancelReplaceModelApiKey() {
      setKeyDraft(null);
      const current = settingsRef.current;
      if (current && current.model.apiKey !== storedKeyRef.current) {
        setSettings({ ...current, model: { ...current.model, apiKey: storedKeyRef.current } });
        changed('model', 'local');
      }
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
      const parsed: Partial<EditorSettings['tools']> =
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
      const key = usableKey();
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
        void queryClient.invalidateQueries({ queryKey: agentKeys.agents(orgId) });
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
    async testKey() {
      const s = settingsRef.current;
      if (!s) return;
      await keyTest.run(s.model.agentUrl, s.model.agentApiKey);
    },
    dismissMessage: () => autosave.dismissMessage(),
    dismissBanner: () => autosave.dismissBanner(),
  };

  const agentKey = settings?.model.agentApiKey ?? '';
  const problems = useMemo<FieldProblems>(() => {
    const found = settings ? settingsProblems(settings) : {};
    if (keyDraft !== null && keyDraft !== '') {
      const keyProblem = modelKeyProblem(keyDraft);
      if (keyProblem) found.modelApiKey = keyProblem;
    }
    return found;
  }, [settings, keyDraft]);
  const chatbotSave =
    snapshot.status === 'saving' &&
    (snapshot.savingChannel === 'model' ||
      snapshot.savingChannel === 'prompt' ||
      snapshot.savingChannel === 'knowledge');

  const blockedText = blockingText(problems);
  // While a field cannot be saved the strip says 'Not saved: …'; a green success of the fields
  // that did save would contradict it at the same moment, so it is not shown.
  const shownSnapshot = useMemo(
    () =>
      blockedText && snapshot.message?.tone === 'success'
        ? { ...snapshot, message: null }
        : snapshot,
    [blockedText, snapshot],
  );

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
    keyDraft,
    problems,
    blockedText,
    keyTest: keyTest.state,
    canTestKey: Boolean(api.testAgentKey),
    sharedKeyNotice:
      settings && !keyLocked
        ? sharedModelKeyNotice(sharedQuery.data, settings.model.provider, settings.model.apiKey)
        : null,
    autosave: shownSnapshot,
    statusText: autosaveStatusText(snapshot, blockedText),
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
