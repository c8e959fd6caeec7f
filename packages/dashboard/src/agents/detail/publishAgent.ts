import { ApiError, isUuid, modelMessages } from '@parley/api-client';
import type { DashboardApi } from '../../api/DashboardApi';

/**
 * Publishing an agent (spec: agents-and-knowledge §7 publish-agent, §5 App id, §8 Publish):
 * the app id must be a UUID, otherwise it is looked up by the agent key; then
 * POST /api/publish-agent with the key and the app id.
 */
export type PublishTone = 'success' | 'warning' | 'error';

export interface PublishOutcome {
  tone: PublishTone;
  message: string;
}

/** Our words for a publish that worked (the spec shows a green Success banner, text not given). */
export const publishSucceededText = 'Agent published successfully';
/** … and the version it made live (docs/versions.md). */
export const publishedVersionText = (version: number) =>
  `Agent published successfully: version ${version} is live`;

export interface PublishTarget {
  /** The agent key (chatbot_key). */
  chatbot_key?: string | null;
  /** An app id the client already holds; used when it is a UUID. */
  app_id?: string | null;
}

export async function publishAgentFlow(
  api: Pick<DashboardApi, 'getAppIdByKey' | 'publishAgent'>,
  agent: PublishTarget,
  /** Why this version (the Versions panel shows it). */
  note?: string,
): Promise<PublishOutcome> {
  const key = agent.chatbot_key?.trim();
  const noAppId: PublishOutcome = { tone: 'warning', message: modelMessages.noAppId };
  if (!key) return noAppId;
  let appId = agent.app_id && isUuid(agent.app_id) ? agent.app_id : null;
  if (!appId) {
    try {
      appId = await api.getAppIdByKey(key);
    } catch {
      return noAppId;
    }
    if (!appId || !isUuid(appId)) return noAppId;
  }
  try {
    const published = note
      ? await api.publishAgent(key, appId, note)
      : await api.publishAgent(key, appId);
    const version = published ? published.version : undefined;
    return {
      tone: 'success',
      message: version ? publishedVersionText(version) : publishSucceededText,
    };
  } catch (error) {
    // The server answered with a reason: say it. Anything else (network, bad answer): generic.
    if (error instanceof ApiError) {
      return { tone: 'error', message: modelMessages.publishFailed(error.message) };
    }
    return { tone: 'error', message: modelMessages.publishError };
  }
}
