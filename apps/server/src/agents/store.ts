import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  agentDisplayName,
  isMaskedSecret,
  maskSecret,
  type AgentUpdateRequest,
} from '@parley/api-client';
import type { Db } from '../db/client';
import { agents, apps, member } from '../db/schema';
import { HttpError, notFound } from '../lib/http';
import { requireMembership } from '../lib/tenancy';
import type { SecretBox } from '../lib/secrets';
import { forgetAgentKeys } from '../runtime/chat';

export type AgentRow = typeof agents.$inferSelect;

function maskedStored(box: SecretBox | undefined, stored: string | null): string | null {
  if (!stored) return null;
  try {
    // Only the masked form leaves the server (the last 4 of a long enough key; else '••••').
    return maskSecret(box ? box.decrypt(stored) : stored) || null;
  } catch {
    return '••••';
  }
}

/** An agent row in the agent service's wire form (the spec's snake_case fields). */
export function agentToWire(
  row: AgentRow,
  appId: string | null = null,
  box?: SecretBox,
  agentType: string | null = null,
) {
  return {
    id: row.agentName,
    agent_name: row.agentName,
    name: row.name ?? row.agentName,
    status: row.status,
    description: row.description,
    organization_id: row.organizationId,
    chatbot_api: row.chatbotApi,
    chatbot_key: row.chatbotKey,
    tts_config: row.ttsConfig,
    stt_config: row.sttConfig,
    initial_message: row.initialMessage,
    nudge_text: row.nudgeText,
    nudge_interval: row.nudgeInterval,
    max_nudges: row.maxNudges,
    typing_volume: row.typingVolume,
    max_call_duration: row.maxCallDuration,
    system_prompt: row.systemPrompt,
    model_provider: row.modelProvider,
    model_name: row.modelName,
    model_api_key_masked: maskedStored(box, row.modelApiKey),
    knowledge_base_ids: row.knowledgeBaseIds,
    allowed_origins: row.allowedOrigins,
    visitor_sends: row.visitorSends,
    talk_to_person: row.talkToPerson,
    storage_mode: row.storageMode,
    redact_categories: row.redactCategories,
    disclosure: row.disclosure,
    transcription_consent: row.transcriptionConsent,
    published_at: row.publishedAt?.toISOString() ?? null,
    /** The version every channel serves (null: never published; docs/versions.md). */
    live_version: row.liveVersion,
    model_live_url: row.modelLiveUrl,
    app_id: appId,
    /** The kind chosen at creation (Create Agent modal): 'knowledge' or 'action'. */
    agent_type: agentType === 'action' ? 'action' : agentType === 'knowledge' ? 'knowledge' : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Loads an agent only if it belongs to one of the user's organizations; else 404. */
export async function findAgentForUser(db: Db, userId: string, agentName: string) {
  const [row] = await db
    .select({ agent: agents, appId: apps.id, agentType: apps.agentType })
    .from(agents)
    .innerJoin(
      member,
      and(eq(member.organizationId, agents.organizationId), eq(member.userId, userId)),
    )
    .leftJoin(
      apps,
      and(eq(apps.agentName, agents.agentName), eq(apps.organizationId, agents.organizationId)),
    )
    .where(eq(agents.agentName, agentName))
    .limit(1);
  if (!row) throw notFound('Agent');
  return row;
}

/**
 * The agent `agentName` names if the user is a member of its organization; else 404 "Agent not
 * found" (another organization's agent looks like none).
 */
export async function agentOfMember(db: Db, userId: string, agentName: string) {
  const agentNotFound = () => new HttpError(404, 'Agent not found');
  const [agent] = await db.select().from(agents).where(eq(agents.agentName, agentName)).limit(1);
  if (!agent) throw agentNotFound();
  await requireMembership(db, userId, agent.organizationId).catch(() => {
    throw agentNotFound();
  });
  return agent;
}

/**
 * The organization's agent a channel's mapping form names: `agent:{id}` as its agent URL names it
 * (`named`), else its chatbot key is `key`. `agent` is undefined when there is none.
 */
export async function agentOfMappingForm(
  db: Db,
  orgId: string,
  agentUrl: string,
  key: string,
): Promise<{ agent: AgentRow | undefined; named: boolean }> {
  const named = /^agent:(.+)$/.exec(agentUrl.trim());
  const [agent] = await db
    .select()
    .from(agents)
    .where(
      and(
        eq(agents.organizationId, orgId),
        named ? eq(agents.agentName, named[1]!) : eq(agents.chatbotKey, key),
      ),
    )
    .limit(1);
  return { agent, named: Boolean(named) };
}

export async function listAgentsOfOrg(db: Db, orgId: string) {
  return db
    .select({ agent: agents, appId: apps.id, agentType: apps.agentType })
    .from(agents)
    .leftJoin(
      apps,
      and(eq(apps.agentName, agents.agentName), eq(apps.organizationId, agents.organizationId)),
    )
    .where(eq(agents.organizationId, orgId))
    .orderBy(asc(agents.createdAt), asc(agents.agentName));
}

/** Maps the update payload to column values (only the fields present are written). */
export function agentValues(body: AgentUpdateRequest, box: SecretBox) {
  const v: Partial<typeof agents.$inferInsert> = {};
  if (body.name !== undefined) v.name = body.name;
  if (body.description !== undefined) v.description = body.description;
  if (body.status !== undefined) v.status = body.status;
  if (body.chatbot_api !== undefined) v.chatbotApi = body.chatbot_api;
  if (body.chatbot_key !== undefined) v.chatbotKey = body.chatbot_key;
  if (body.tts_config !== undefined) v.ttsConfig = body.tts_config;
  if (body.stt_config !== undefined) v.sttConfig = body.stt_config;
  if (body.initial_message !== undefined) v.initialMessage = body.initial_message;
  if (body.nudge_text !== undefined) v.nudgeText = body.nudge_text;
  if (body.nudge_interval !== undefined) v.nudgeInterval = body.nudge_interval;
  if (body.max_nudges !== undefined) v.maxNudges = body.max_nudges;
  if (body.typing_volume !== undefined) v.typingVolume = body.typing_volume;
  if (body.max_call_duration !== undefined) v.maxCallDuration = body.max_call_duration;
  if (body.system_prompt !== undefined) v.systemPrompt = body.system_prompt;
  if (body.model_provider !== undefined) v.modelProvider = body.model_provider;
  if (body.model_name !== undefined) v.modelName = body.model_name;
  if (body.model_api_key !== undefined && !isMaskedSecret(body.model_api_key)) {
    v.modelApiKey = body.model_api_key ? box.encrypt(body.model_api_key) : null;
  }
  if (body.model_live_url !== undefined) v.modelLiveUrl = body.model_live_url;
  if (body.allowed_origins !== undefined) v.allowedOrigins = body.allowed_origins;
  if (body.visitor_sends !== undefined) v.visitorSends = body.visitor_sends;
  if (body.talk_to_person !== undefined) v.talkToPerson = body.talk_to_person;
  if (body.storage_mode !== undefined) v.storageMode = body.storage_mode;
  if (body.redact_categories !== undefined)
    v.redactCategories = body.redact_categories ? [...body.redact_categories] : null;
  if (body.disclosure !== undefined) v.disclosure = body.disclosure?.trim() || null;
  if (body.transcription_consent !== undefined) v.transcriptionConsent = body.transcription_consent;
  return v;
}

/** The voice backend's view: an object keyed by prefix (display name), name equal to the prefix. */
export function agentsKeyedByPrefix(rows: Array<{ agent: AgentRow }>) {
  const out: Record<string, Record<string, unknown>> = {};
  for (const { agent } of rows) {
    const prefix = agentDisplayName({ id: agent.agentName });
    const key = prefix in out ? agent.agentName : prefix;
    out[key] = {
      name: key,
      agent_name: agent.agentName,
      organization_id: agent.organizationId,
      api_key: agent.chatbotKey,
      chatbot_key: agent.chatbotKey,
      chatbot_api: agent.chatbotApi,
      status: agent.status,
      initial_message: agent.initialMessage,
    };
  }
  return out;
}

export async function deleteAgents(db: Db, orgId: string, names: string[]) {
  if (names.length === 0) return 0;
  const deleted = await db
    .delete(agents)
    .where(and(eq(agents.organizationId, orgId), inArray(agents.agentName, names)))
    .returning({ agentName: agents.agentName });
  await db.delete(apps).where(and(eq(apps.organizationId, orgId), inArray(apps.agentName, names)));
  forgetAgentKeys();
  return deleted.length;
}
