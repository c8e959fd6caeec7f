import {
  defaultSttConfig,
  defaultTtsConfig,
  newAgentId,
  toolsDefaults,
  type AgentUpdateRequest,
  type CreateAppRequest,
} from '@parley/api-client';
import type { TestServer, TestUser } from './harness';

/** An agent's settings as a test writes them (the organization is the fixture's to set). */
export type AgentSettings = Omit<AgentUpdateRequest, 'organization_id'>;

/**
 * Publishes an active agent of `orgId` named after `prefix`: the tools' defaults, then
 * `settings`. Returns its name.
 */
export async function activeAgent(
  user: TestUser,
  orgId: string,
  prefix: string,
  settings: AgentSettings = {},
): Promise<string> {
  const agentId = newAgentId(prefix);
  await user.agents.update(agentId, {
    organization_id: orgId,
    ...toolsDefaults,
    status: 'active',
    ...settings,
  });
  return agentId;
}

/** An active agent that speaks: the default text-to-speech and speech-to-text settings. */
export function voiceAgent(user: TestUser, orgId: string, prefix: string): Promise<string> {
  return activeAgent(user, orgId, prefix, {
    tts_config: defaultTtsConfig,
    stt_config: defaultSttConfig,
  });
}

/**
 * An agent with an app of its own whose chat goes through the test server's `/v1` (the app's
 * key as its chatbot key), with `settings` on top (nothing else: not even the tools' defaults).
 * Returns its name and its app's key and id.
 */
export async function chatAgent(
  user: TestUser,
  orgId: string,
  prefix: string,
  settings: AgentSettings = {},
  app: Pick<CreateAppRequest, 'agentType'> = {},
) {
  const id = newAgentId(prefix);
  const created = await user.apps.createAgent({ agentName: id, organizationId: orgId, ...app });
  const appKey = created.data!.appKey;
  await user.agents.update(id, {
    organization_id: orgId,
    chatbot_api: `${user.baseUrl}/v1`,
    chatbot_key: appKey,
    ...settings,
  });
  return { id, appKey, appId: created.data!.appId };
}

/** A new user with an organization (`orgName`) and an active voice agent in it. */
export async function orgWithVoiceAgent(server: TestServer, orgName: string, prefix: string) {
  const user = server.newUser();
  const orgId = await user.withOrg(orgName);
  const agentId = await voiceAgent(user, orgId, prefix);
  return { user, orgId, agentId };
}

/** An agent's settings for a model on loopback (a fake OpenAI-compatible server at `url`). */
export const modelAt = (url: string) => ({
  model_live_url: `${url}/v1`,
  model_name: 'gpt-4o-mini',
});

/** A draft agent of `orgId` with an app of its own (only its organization set). */
export async function draftAgent(user: TestUser, orgId: string, prefix: string) {
  const id = newAgentId(prefix);
  const created = await user.apps.createAgent({ agentName: id, organizationId: orgId });
  await user.agents.update(id, { organization_id: orgId });
  return { id, appKey: created.data!.appKey };
}

/**
 * Asks to attach knowledge bases to the agent of `appKey` (model-config: single retrieval,
 * top_k 4); returns the raw answer (status and body).
 */
export function configureKnowledge(
  user: TestUser,
  appKey: string,
  knowledgeBaseIds: string[],
  provider = 'langgenius/openai/openai',
) {
  return user.raw('POST', '/api/model-config', {
    provider,
    model: 'gpt-4o',
    chatbot_api_key: appKey,
    dataset_configs: {
      retrieval_model: 'single',
      datasets: knowledgeBaseIds,
      top_k: 4,
      reranking_enable: false,
    },
  });
}
