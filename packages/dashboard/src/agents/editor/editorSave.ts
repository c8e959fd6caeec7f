import { ApiError, humanizeMessage, modelMessages } from '@parley/api-client';
import type { DashboardApi } from '../../api/DashboardApi';
import { reasonOf, type SaveChannel, type SaveFailure, type SaveResult } from './autosave';
import { toAgentUpdate, toModelConfigRequest } from './editorState';
import { blocksModelSave, leavesFieldsOut, settingsProblems } from './fieldRules';
import { knowledgeStorageKey } from './knowledgeSelection';
import type { EditorSettings } from './types';

// What the agent editor's autosave sends for each channel (spec §4), and how a failed save reads.

/** The red message and status reason of a failed save, in the spec's words (§8). */
export function describeSaveError(channel: SaveChannel, error: unknown): SaveFailure {
  const reason = humanizeMessage(reasonOf(error)) || 'Unknown error';
  if (channel === 'model') {
    if (error instanceof ApiError && error.status === 401)
      return { reason: modelMessages.modelUnauthorized, message: modelMessages.modelUnauthorized };
    return { reason, message: modelMessages.modelFailed(reason) };
  }
  if (channel === 'prompt') return { reason, message: modelMessages.promptFailed(reason) };
  if (channel === 'knowledge') return { reason, message: `Failed to save: ${reason}` };
  return { reason, message: `Save failed: ${reason}` };
}

export interface EditorSaveDeps {
  api: DashboardApi;
  agentId: string;
  orgId: string;
  /** Where the knowledge selection is mirrored. */
  storage: Pick<Storage, 'setItem'> | null;
  /** The latest settings (saves run from timers). */
  settings: () => EditorSettings | null;
  /** The chatbot's app id for its key, or null. */
  resolveAppId: (chatbotKey: string) => Promise<string | null>;
  /** The agent's own record was saved (the agents list is stale). */
  onAgentSaved: () => void;
  /** The Agent API Key as stored (used while the one typed cannot be saved). */
  storedAgentKey?: () => string;
}

/**
 * The save of one channel: 'local' posts the publish payload; with an agent key, 'prompt' saves
 * the prompt, 'model' the model config and 'knowledge' the selection (mirrored in storage).
 * Invalid fields are left out; every other field saves.
 */
export const createEditorSave =
  (deps: EditorSaveDeps) =>
  async (channel: SaveChannel): Promise<SaveResult> => {
    const s = deps.settings();
    if (!s) return;
    // Invalid fields are left out; every other field saves (their stored values stay). Such a
    // save is partial: not 'All changes saved', nor the time of the last save.
    const problems = settingsProblems(s);
    const partial = leavesFieldsOut(problems);
    const done = (message?: string): SaveResult =>
      partial ? { partial } : message ? { message } : undefined;
    // A key typed that cannot be saved is not used either: the stored one is.
    const key = problems.agentApiKey ? (deps.storedAgentKey?.() ?? '') : s.model.agentApiKey;
    const model = { ...s.model, agentApiKey: key };
    if (channel === 'local') {
      await deps.api.updateAgent(deps.agentId, deps.orgId, toAgentUpdate(s, problems));
      deps.onAgentSaved();
      return done();
    }
    if (!key) return done();
    if (channel === 'prompt') {
      if (problems.systemPrompt) return done();
      await deps.api.savePrompt(s.model.systemPrompt, key);
      return done(modelMessages.promptSaved);
    }
    if (channel === 'model') {
      const r = await deps.api.saveModelConfig(toModelConfigRequest(model, undefined, problems));
      // A field left out ('Not saved: …') is the one truth shown: no green success beside it.
      if (blocksModelSave(problems)) return { partial: true };
      return done(
        r.warning ? modelMessages.modelSavedLocally(r.warning) : modelMessages.modelSaved,
      );
    }
    // knowledge
    deps.storage?.setItem(knowledgeStorageKey(deps.agentId), JSON.stringify(s.knowledgeBaseIds));
    const appId = await deps.resolveAppId(key);
    if (!appId) throw new Error(modelMessages.noAppId);
    const r = await deps.api.saveModelConfig(
      toModelConfigRequest(model, { appId, datasetIds: s.knowledgeBaseIds }, problems),
    );
    return done(r.warning ? modelMessages.modelSavedLocally(r.warning) : modelMessages.modelSaved);
  };
