import { ApiError, humanizeMessage, modelMessages } from '@parley/api-client';
import type { DashboardApi } from '../../api/DashboardApi';
import { reasonOf, type SaveChannel, type SaveFailure, type SaveResult } from './autosave';
import { toAgentUpdate, toModelConfigRequest } from './editorState';
import { blocksModelSave, settingsProblems } from './fieldRules';
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
    const key = s.model.agentApiKey;
    // Invalid fields are left out; every other field saves (their stored values stay).
    const problems = settingsProblems(s);
    if (channel === 'local') {
      await deps.api.updateAgent(deps.agentId, deps.orgId, toAgentUpdate(s, problems));
      deps.onAgentSaved();
      return;
    }
    if (!key) return;
    if (channel === 'prompt') {
      if (problems.systemPrompt) return;
      await deps.api.savePrompt(s.model.systemPrompt, key);
      return { message: modelMessages.promptSaved };
    }
    if (channel === 'model') {
      const r = await deps.api.saveModelConfig(toModelConfigRequest(s.model, undefined, problems));
      // A field left out ('Not saved: …') is the one truth shown: no green success beside it.
      if (blocksModelSave(problems)) return;
      return {
        message: r.warning ? modelMessages.modelSavedLocally(r.warning) : modelMessages.modelSaved,
      };
    }
    // knowledge
    deps.storage?.setItem(knowledgeStorageKey(deps.agentId), JSON.stringify(s.knowledgeBaseIds));
    const appId = await deps.resolveAppId(key);
    if (!appId) throw new Error(modelMessages.noAppId);
    const r = await deps.api.saveModelConfig(
      toModelConfigRequest(s.model, { appId, datasetIds: s.knowledgeBaseIds }, problems),
    );
    return {
      message: r.warning ? modelMessages.modelSavedLocally(r.warning) : modelMessages.modelSaved,
    };
  };
