/**
 * What the dashboard needs from the backends, in the dashboard's own words. The real
 * implementation (createDashboardApi) sits on @parley/api-client; stories use the same
 * implementation with MSW answering the HTTP calls, so nothing here is mocked in-process.
 */
import type {
  AgentTestsClient,
  AgentToolsClient,
  AgentVersionsClient,
  FetchLike,
  IntegrationsClient,
  OrgClient,
  OutcomesClient,
  SendLimits,
  SharedProviders,
} from '@parley/api-client';
import type { KnowledgeApi } from './knowledgeApi';

export type { SendLimits };

export interface SessionUser {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
}

export interface OrganizationSummary {
  orgId: string;
  orgName: string;
  role?: string | null;
}

export interface Me {
  user: SessionUser;
  organizations: OrganizationSummary[];
}

export interface SignUpInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export interface SignInInput {
  email: string;
  password: string;
}

export interface AgentSummary {
  id: string;
  name: string;
  status: 'active' | 'draft';
  description?: string | null;
  initial_message?: string | null;
  chatbot_api?: string | null;
  chatbot_key?: string | null;
  organization_id?: string | null;
  created_at?: string | null;
  /** The kind chosen at creation; null for an agent made outside the console. */
  agent_type?: AgentKind | null;
}

export type AgentKind = 'knowledge' | 'action';

export interface CreateAgentInput {
  prefix: string;
  kind: AgentKind;
  orgId: string;
}

/** The full agent configuration as the agent service returns it (spec §3). */
export type AgentConfig = import('@parley/api-client').AgentConfig;
export type AgentUpdate = Omit<import('@parley/api-client').AgentUpdateRequest, 'organization_id'>;
export type KnowledgeBaseSummary = import('@parley/api-client').KnowledgeBase;
export type PhoneNumber = import('@parley/api-client').PhoneNumber;
export type NumberChannel = import('@parley/api-client').NumberChannel;
export type VoiceCall = import('@parley/api-client').VoiceCall;
export type VoiceCallDetail = import('@parley/api-client').VoiceCallDetail;

export interface PhoneNumberPage {
  numbers: PhoneNumber[];
  /** The telephony provider in use; the screen shows a 'Sandbox' notice while it is the sandbox. */
  provider: string;
  sandbox: boolean;
  /**
   * The install's shared telephony (the operator's account or configured numbers): configured,
   * and whether it serves this organization (else the screen says so where its numbers would be).
   */
  shared?: { configured: boolean; served: boolean };
}

/** The two message channels of the SMS and WhatsApp tabs. */
export type MessagingChannel = 'sms' | 'whatsapp';
export type ChannelConversation = import('@parley/api-client').ChannelConversation;
export type ChannelMessage = import('@parley/api-client').ChannelMessage;

export interface ChannelPage {
  /** The organization's numbers enabled for the channel. */
  numbers: PhoneNumber[];
  provider: string;
  /** True while the organization uses the sandbox provider ('Simulate inbound message'). */
  sandbox: boolean;
}

export interface SmsSendInput {
  from_number: string;
  to_number: string;
  message_text: string;
  context?: string;
}

export interface WhatsappSendInput {
  to_number: string;
  message_text: string;
  message_type: 'text' | 'template' | 'media';
  context?: string;
  receiving_number?: string;
}

export interface SimulateInboundInput {
  channel: MessagingChannel;
  /** The person writing in. */
  from: string;
  /** Our number. */
  to: string;
  text: string;
}

/** How the contract clients reach the server: its origin ('' = this one) and the fetch to use. */
export interface ApiConnection {
  origin: string;
  /** A test's routed fetch; absent: the browser's. */
  fetch?: FetchLike;
}

export interface DashboardApi {
  /**
   * The connection the clients made on use reach the server over (`api/clients/*`: the inbox,
   * handoff, privacy, API keys, tests, versions, tools, system status). Absent: this origin.
   */
  connection?: ApiConnection;
  /** The signed-in user and organizations, or null when signed out. */
  me(): Promise<Me | null>;
  /**
   * Whether the browser holds a signed-in session, asked without an error answer when it does not
   * (the login page: a 401 would be logged as a console error). Without it, `me` is asked.
   */
  signedIn?(): Promise<boolean>;
  signUp(input: SignUpInput): Promise<void>;
  signIn(input: SignInInput): Promise<void>;
  signOut(): Promise<void>;
  createOrganization(orgName: string): Promise<{ orgId: string }>;
  listAgents(orgId: string, signal?: AbortSignal): Promise<AgentSummary[]>;
  /**
   * The list with how it ended: `noAgents` when the service answered 404/405 (spec §8: 'No
   * agents found. Create your first agent!'). Optional: without it `listAgents` is used.
   */
  listAgentsResult?(
    orgId: string,
    signal?: AbortSignal,
  ): Promise<{ agents: AgentSummary[]; noAgents: boolean }>;
  /** The spec's creation sequence (§4): id, remote app (tolerated failure), configure. */
  createAgent(input: CreateAgentInput): Promise<AgentSummary>;
  deleteAgent(agentId: string, orgId: string): Promise<void>;
  listPhoneNumbers(orgId: string): Promise<Array<{ whatsapp_enabled?: boolean | null }>>;

  // ---- phone numbers (issue 15) ----
  /** GET /voice/phone-numbers/organization/{org}: the numbers and the provider in use. */
  phoneNumberPage(orgId: string, signal?: AbortSignal): Promise<PhoneNumberPage>;
  /** GET /voice/phone-numbers/status/available (this organization's unassigned numbers). */
  availablePhoneNumbers(orgId: string): Promise<PhoneNumber[]>;
  /** POST /voice/phone-numbers/sync-all-providers; the server's success message. */
  syncPhoneNumbers(orgId: string): Promise<{ message: string }>;
  /** POST /voice/phone-numbers/{phoneId}/assign/{agentId}: the channels given (default voice). */
  assignPhoneNumber(phoneId: string, agentId: string, channels?: NumberChannel[]): Promise<void>;
  /** The four unassign forms of §7, tried in order; one channel (default voice). */
  unassignPhoneNumber(phoneId: string, agentId: string, channel?: NumberChannel): Promise<void>;
  /** GET /messaging/mail/agent-mappings: the organization's assigned mailboxes (§3 totalEmails). */
  listMailboxMappings(orgId: string, signal?: AbortSignal): Promise<unknown[]>;

  // ---- scheduled outbound calls (issue 26) ----
  /**
   * /voice/scheduled/*: list, create, edit, delete, Resume, the sandbox's outcome control, the
   * dialling settings (calling window, concurrency cap) and the do-not-call list.
   */
  scheduling: Pick<
    import('@parley/api-client').VoiceBackendClient,
    | 'scheduledPage'
    | 'createScheduled'
    | 'updateScheduled'
    | 'deleteScheduled'
    | 'resumeDialing'
    | 'setSandboxOutcome'
    | 'schedulingSettings'
    | 'updateSchedulingSettings'
    | 'doNotCallPage'
    | 'addDoNotCall'
    | 'removeDoNotCall'
  >;

  // ---- SMS and WhatsApp (issue 16) ----
  /** GET /messaging/{channel}/phone-numbers and the telephony provider in use. */
  channelPage(channel: MessagingChannel, orgId: string, signal?: AbortSignal): Promise<ChannelPage>;
  /** GET /messaging/{channel}/messages: threads most recently active first, newest message first. */
  channelMessages(
    channel: MessagingChannel,
    orgId: string,
    signal?: AbortSignal,
  ): Promise<ChannelConversation[]>;
  /**
   * POST /messaging/{channel}/map-receiving-number-agent: the agent answers the number on this
   * channel (its other channels keep theirs); the server's success line.
   */
  mapChannelNumber(
    channel: MessagingChannel,
    orgId: string,
    input: { number: string; agentId: string; agentKey?: string | null },
  ): Promise<{ message: string }>;
  /** DELETE /messaging/{channel}/unassign-receiving-number-agent/{number without '+'}. */
  unassignChannelNumber(channel: MessagingChannel, orgId: string, number: string): Promise<void>;
  /** POST /messaging/sms/send-message; the server's success message. */
  sendSms(orgId: string, input: SmsSendInput): Promise<{ message: string }>;
  /** POST /messaging/whatsapp/send-message; the server's success message. */
  sendWhatsapp(orgId: string, input: WhatsappSendInput): Promise<{ message: string }>;
  /** GET /messaging/send-limits: the organization's sending limits and usage per channel. */
  sendLimits(orgId: string, signal?: AbortSignal): Promise<SendLimits>;
  /** POST /voice/telephony/organization/{org}/simulate (sandbox only). */
  simulateInbound(
    orgId: string,
    input: SimulateInboundInput,
  ): Promise<{ answeredBy: 'agent' | 'unassigned' }>;

  // ---- Email (issue 25) ----
  /**
   * /messaging/mail/*: mailboxes, agent mappings, threads, sends, drafts, sandbox, campaigns.
   * Loaded with the Email tab (the mail contract stays out of the first tab's bundle).
   */
  mail(): Promise<import('@parley/api-client').MailClient>;

  // ---- agent editor (issue 4) ----
  /** GET /api/agents/info/{id}. */
  getAgent(agentId: string, signal?: AbortSignal): Promise<AgentConfig>;
  /** POST /api/agents/update/{id} with only the changed fields (the server keeps the rest). */
  updateAgent(agentId: string, orgId: string, patch: AgentUpdate): Promise<void>;
  /** POST /api/prompt-config (spec §7). */
  savePrompt(prompt: string, chatbotApiKey: string): Promise<{ message?: string }>;
  /** POST /api/model-config (spec §7), with dataset_configs for knowledge agents. */
  saveModelConfig(
    input: import('@parley/api-client').ModelConfigRequest,
  ): Promise<{ message?: string; warning?: string }>;
  /** POST /api/app/get-app-by-key. */
  getAppIdByKey(apiKey: string): Promise<string>;
  /** POST /api/publish-agent: the draft becomes the next live version (`note`: why). */
  publishAgent(
    chatbotApiKey: string,
    appId: string,
    note?: string,
  ): Promise<{ version?: number } | void>;
  /**
   * POST /voice/tokens/generate?agent_name=: how to join (a LiveKit room, or the server's own
   * WebSocket stream without LiveKit); 503 detail when voice cannot work on the server. The
   * console's call answers with the draft, or the live version (`version`).
   */
  generateVoiceToken(
    agentId: string,
    version?: 'draft' | 'live',
  ): Promise<import('@parley/api-client').VoiceJoin>;
  /** GET /voice/calls/agent/{agentId}: the agent's calls, newest first (the call log). */
  listCalls(agentId: string, signal?: AbortSignal): Promise<VoiceCall[]>;
  /** GET /voice/calls/{conversationId}: one call with its transcript, turn by turn. */
  getCall(conversationId: string, signal?: AbortSignal): Promise<VoiceCallDetail>;
  /**
   * The key test (spec §7): POST {agentUrl}/chat-messages with the agent key as bearer,
   * response_mode blocking. Resolves when the agent answered; rejects with the reason.
   */
  testAgentKey?(agentUrl: string, agentKey: string): Promise<void>;
  /**
   * GET /api/shared-providers/{org}: the install's shared keys and accounts and whether they serve
   * the organization (the editor says so where a shared model key would have been used).
   */
  sharedProviders?(orgId: string, signal?: AbortSignal): Promise<SharedProviders>;
  /**
   * An agent's tools: /api/agents/{agentName}/tools (list, create, update, delete, test). Absent:
   * `useAgentToolsClient` makes one over the connection (kept out of the first tab's bundle).
   */
  agentTools?: AgentToolsClient;
  /**
   * The knowledge bases (spec §7, /api/knowledge-bases): the contract client, with a multipart
   * upload that reports progress. The Knowledge tab and the editor's knowledge picker read it.
   */
  knowledge: KnowledgeApi;
  /** The organization's provider keys and their voices (/api/integrations). */
  integrations: IntegrationsClient;
  /**
   * The organization's members and invitations, and the signed-in user (/api/org): Account →
   * Members, the invite page's accept, the knowledge permission picker.
   */
  org: OrgClient;
  /**
   * Agent test suites under /api/agents/{agentName}/tests (issue 30). Absent:
   * `useAgentTestsClient` makes one over the connection (kept out of the first tab's bundle).
   */
  agentTests?: AgentTestsClient;
  /**
   * Drafts and versions under /api/agents/{agentName} (docs/versions.md). Absent:
   * `useAgentVersionsClient` makes one over the connection.
   */
  agentVersions?: AgentVersionsClient;
  /**
   * Outcomes (docs/outcomes.md): an agent's outcome plan and reruns under
   * /api/agents/{agentName}/analysis, and the outcomes' analytics. Absent: useOutcomesApi makes
   * one on this origin (kept out of the first tab's bundle).
   */
  outcomes?: OutcomesClient;
}
