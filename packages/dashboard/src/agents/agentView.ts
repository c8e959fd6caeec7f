import { agentDisplayName } from '@parley/api-client';
import type { AgentSummary } from '../api/DashboardApi';

/** What an agent card shows, derived from the agent (spec: agents-and-knowledge §2 Agents tab). */
export interface AgentCardModel {
  id: string;
  displayName: string;
  status: 'active' | 'draft';
  description: string;
  shortId: string;
  hasCustomApi: boolean;
  hasCustomUrl: boolean;
  /** Knowledge Agent or Action Agent (null: not known, e.g. made through the API). */
  kind: 'knowledge' | 'action' | null;
}

/** The kind's short name on a card (the Create Agent modal's labels without their asides). */
export const agentKindNames = { knowledge: 'Knowledge Agent', action: 'Action Agent' } as const;

export const noDescriptionText = 'No description available.';

export function toAgentCardModel(agent: AgentSummary): AgentCardModel {
  const description =
    agent.initial_message?.trim() || agent.description?.trim() || noDescriptionText;
  return {
    id: agent.id,
    displayName: agentDisplayName({ id: agent.id, name: agent.name }),
    status: agent.status === 'active' ? 'active' : 'draft',
    description,
    shortId: agent.id.slice(0, 8),
    hasCustomApi: Boolean(agent.chatbot_key),
    hasCustomUrl: Boolean(agent.chatbot_api),
    kind: agent.agent_type ?? null,
  };
}

/** The public chat page the QR code opens: site origin + /chatbot/{agentId}. */
export function publicChatUrl(origin: string, agentId: string): string {
  return `${origin.replace(/\/$/, '')}/chatbot/${encodeURIComponent(agentId)}`;
}
