import {
  agentErrorMessages,
  apiModelName,
  apiProviderId,
  createAgentServiceClient,
  createAppServiceClient,
  chatMessagesUrl,
  createAuthClient,
  createChatRuntimeClient,
  createIntegrationsClient,
  createMessagingClient,
  createModelClient,
  createOrgClient,
  createVoiceBackendClient,
  createSharedProvidersClient,
  defaultModel,
  defaultSttConfig,
  defaultSystemPrompt,
  defaultTtsConfig,
  messageOf,
  newAgentId,
  readPhoneNumbers,
  smsMessages,
  whatsappMessages,
  toolsDefaults,
  type AgentView,
  type FetchLike,
} from '@parley/api-client';
import type { AgentSummary, DashboardApi } from './DashboardApi';
import { createKnowledgeApi } from './knowledgeApi';

/** One key per send: a retried request (a proxy, a reconnect) is answered, not sent twice. */
const newIdempotencyKey = () => globalThis.crypto.randomUUID();

export interface DashboardApiOptions {
  /** Origin of the server ('' = same origin). Each service sits under its base path. */
  origin?: string;
  fetch?: FetchLike;
  /** Remote app cleanup time-out after a delete (spec §9: 5000 ms). */
  cleanupTimeoutMs?: number;
  /** Where the agent runtime lives (chatbot_api of new agents); defaults to `{origin}/v1`. */
  runtimeUrl?: string;
}

function toSummary(a: AgentView): AgentSummary {
  return {
    id: a.id,
    name: a.name,
    status: a.status,
    description: a.config.description ?? null,
    initial_message: a.initial_message,
    chatbot_api: a.chatbot_api,
    chatbot_key: a.chatbot_key,
    organization_id: a.organization_id,
    created_at: a.created_at,
    agent_type: a.config.agent_type ?? null,
  };
}

/** The dashboard's backends through the contract clients (real HTTP; MSW answers in stories). */
export function createDashboardApi(options: DashboardApiOptions = {}): DashboardApi {
  const origin = options.origin ?? '';
  const common = { fetch: options.fetch };
  const auth = createAuthClient({ baseUrl: `${origin}/api/auth`, ...common });
  const org = createOrgClient({ baseUrl: `${origin}/api/org`, ...common });
  const agents = createAgentServiceClient({ baseUrl: `${origin}/api`, ...common });
  const apps = createAppServiceClient({ baseUrl: `${origin}/api/app`, ...common });
  const voice = createVoiceBackendClient({ baseUrl: `${origin}/voice`, ...common });
  const messaging = createMessagingClient({ baseUrl: `${origin}/messaging`, ...common });
  const model = createModelClient({ baseUrl: `${origin}/api`, ...common });
  const shared = createSharedProvidersClient({
    baseUrl: `${origin}/api/shared-providers`,
    ...common,
  });
  let mailClient: Promise<import('@parley/api-client').MailClient> | undefined;
  const runtimeUrl = () =>
    options.runtimeUrl ?? `${origin || globalThis.location?.origin || ''}/v1`;

  return {
    connection: { origin, fetch: options.fetch },
    org,
    me: () => org.me(),
    signedIn: () => auth.signedIn(),
    signUp: async ({ firstName, lastName, email, password }) => {
      await auth.signUp({
        name: `${firstName} ${lastName}`.trim(),
        firstName,
        lastName,
        email,
        password,
      });
    },
    signIn: async (input) => {
      await auth.signIn(input);
    },
    signOut: async () => {
      await auth.signOut();
    },
    createOrganization: async (orgName) => ({ orgId: (await org.createOrg(orgName)).data.orgId }),
    listAgents: async (orgId, signal) => (await agents.byOrg(orgId, signal)).map(toSummary),
    listAgentsResult: async (orgId, signal) => {
      const r = await agents.byOrgResult(orgId, signal);
      return { agents: r.agents.map(toSummary), noAgents: r.noAgents };
    },

    /** Spec §4: generate the id; create the remote app (failure tolerated); configure the agent. */
    createAgent: async ({ prefix, kind, orgId }) => {
      const id = newAgentId(prefix);
      let appKey: string | undefined;
      try {
        const app = await apps.createAgent({
          agentName: id,
          organizationId: orgId,
          modelProvider: apiProviderId(defaultModel.provider),
          modelName: apiModelName(defaultModel.model),
          agentType: kind,
        });
        appKey = app.data?.appKey;
      } catch (error) {
        console.warn('Remote app creation failed; continuing without it:', messageOf(error));
      }
      try {
        await agents.update(id, {
          organization_id: orgId,
          status: 'active',
          // Spec §9: the default agent URL is the full chat endpoint.
          chatbot_api: appKey ? chatMessagesUrl(runtimeUrl()) : null,
          chatbot_key: appKey ?? null,
          tts_config: defaultTtsConfig,
          stt_config: defaultSttConfig,
          ...toolsDefaults,
          system_prompt: defaultSystemPrompt,
          model_provider: defaultModel.apiProvider,
          model_name: defaultModel.apiModel,
        });
      } catch (error) {
        throw new Error(messageOf(error, agentErrorMessages.configure), { cause: error });
      }
      const created = (await agents.byOrg(orgId)).find((a) => a.id === id);
      return created ? toSummary(created) : { id, name: id, status: 'active' };
    },

    /** Delete, then clean the remote app up without blocking (5 s time-out, only logged). */
    deleteAgent: async (agentId, orgId) => {
      await agents.delete(agentId);
      const timeoutMs = options.cleanupTimeoutMs ?? 5000;
      void apps
        .deleteAgent({ agentName: agentId, organizationId: orgId }, AbortSignal.timeout(timeoutMs))
        .catch((error: unknown) => {
          const timedOut = error instanceof Error && error.name === 'TimeoutError';
          console.warn(timedOut ? agentErrorMessages.cleanupTimeout : messageOf(error));
        });
    },
    listPhoneNumbers: (orgId) => voice.phoneNumbersForOrg(orgId),
    phoneNumberPage: async (orgId, signal) => {
      const page = await voice.phoneNumberPage(orgId, signal);
      return {
        numbers: readPhoneNumbers(page),
        provider: page.provider,
        sandbox: page.sandbox,
        shared: page.shared,
      };
    },
    availablePhoneNumbers: (orgId) => voice.availablePhoneNumbers(orgId),
    syncPhoneNumbers: async (orgId) => ({
      message: (await voice.syncAllProviders({ organization_id: orgId })).message,
    }),
    assignPhoneNumber: async (phoneId, agentId, channels) => {
      await voice.assign(phoneId, agentId, channels);
    },
    unassignPhoneNumber: async (phoneId, agentId, channel) => {
      await voice.unassign(phoneId, agentId, channel);
    },
    listMailboxMappings: (orgId, signal) => messaging.mailMappings(orgId, signal),

    channelPage: async (channel, orgId, signal) => {
      const [numbers, status] = await Promise.all([
        messaging.channelNumbers(channel, orgId, signal),
        voice.telephonyStatus(orgId),
      ]);
      // The channel's own agent is the one its tables show and filter by.
      const own = numbers.map((n) => {
        const id = channel === 'sms' ? n.sms_agent_id : n.whatsapp_agent_id;
        const name = channel === 'sms' ? n.sms_agent_name : n.whatsapp_agent_name;
        return { ...n, agent_id: id, agent_name: name, status: id ? 'assigned' : 'available' };
      });
      return { numbers: own, provider: status.provider, sandbox: status.sandbox };
    },
    mapChannelNumber: async (channel, orgId, { number, agentId, agentKey }) => {
      const form = {
        receiving_number: number,
        agent_url: `agent:${agentId}`,
        agent_api_key: agentKey || agentId,
        organization_id: orgId,
      };
      const r =
        channel === 'sms' ? await messaging.mapSms(form) : await messaging.mapWhatsapp(form);
      return { message: r.message };
    },
    channelMessages: async (channel, orgId, signal) =>
      (await messaging.channelMessages(channel, orgId, signal)).conversations,
    unassignChannelNumber: async (channel, orgId, number) => {
      await (channel === 'sms'
        ? messaging.unassignSms(number, orgId)
        : messaging.unassignWhatsapp(number, orgId));
    },
    sendSms: async (orgId, input) => {
      const r = await messaging.sendSms(
        { ...input, context: input.context?.trim() || undefined, organization_id: orgId },
        newIdempotencyKey(),
      );
      return { message: r.message ?? smsMessages.sent };
    },
    sendWhatsapp: async (orgId, input) => {
      const r = await messaging.sendWhatsapp(
        {
          ...input,
          context: input.context?.trim() || undefined,
          receiving_number: input.receiving_number?.trim() || undefined,
          organization_id: orgId,
        },
        newIdempotencyKey(),
      );
      return { message: r.message ?? whatsappMessages.sent };
    },
    scheduling: {
      scheduledPage: (org, query, signal) => voice.scheduledPage(org, query, signal),
      createScheduled: (body) => voice.createScheduled(body),
      updateScheduled: (id, body) => voice.updateScheduled(id, body),
      deleteScheduled: (id) => voice.deleteScheduled(id),
      resumeDialing: (org) => voice.resumeDialing(org),
      setSandboxOutcome: (org, body) => voice.setSandboxOutcome(org, body),
      schedulingSettings: (org) => voice.schedulingSettings(org),
      updateSchedulingSettings: (org, body) => voice.updateSchedulingSettings(org, body),
      doNotCallPage: (org, signal) => voice.doNotCallPage(org, signal),
      addDoNotCall: (org, body) => voice.addDoNotCall(org, body),
      removeDoNotCall: (org, phone) => voice.removeDoNotCall(org, phone),
    },
    sendLimits: (orgId, signal) => messaging.sendLimits(orgId, signal),
    mail: () =>
      (mailClient ??= import('../email/mailClient').then((m) =>
        m.createMailClient({ baseUrl: `${origin}/messaging`, ...common }),
      )),
    simulateInbound: async (orgId, { channel, from, to, text }) => {
      const r = await voice.simulateEvent(orgId, { event: channel, from, to, text });
      return { answeredBy: r.answered_by };
    },

    getAgent: (agentId, signal) => agents.info(agentId, signal),
    updateAgent: async (agentId, orgId, patch) => {
      await agents.update(agentId, { ...patch, organization_id: orgId });
    },
    savePrompt: (prompt, chatbotApiKey) =>
      model.savePrompt({ prompt, chatbot_api_key: chatbotApiKey }),
    saveModelConfig: (input) => model.saveModelConfig(input),
    getAppIdByKey: async (apiKey) => (await apps.getAppByKey(apiKey)).appId,
    publishAgent: async (chatbotApiKey, appId, note) => {
      const r = await model.publish({
        chatbot_api_key: chatbotApiKey,
        app_id: appId,
        ...(note ? { note } : {}),
      });
      return { version: r.version };
    },
    generateVoiceToken: (agentId, version) => voice.generateToken(agentId, version),
    listCalls: (agentId, signal) => voice.callsForAgent(agentId, signal),
    getCall: (conversationId, signal) => voice.call(conversationId, signal),
    testAgentKey: async (agentUrl, agentKey) => {
      // The app the key opens (GET {agent URL}/info): no conversation is stored (nothing in the
      // inbox or the analytics) and no model is called, so only the key (and the URL) is tested.
      const client = createChatRuntimeClient({ baseUrl: agentUrl, apiKey: agentKey, ...common });
      await client.info();
    },
    sharedProviders: (orgId, signal) => shared.get(orgId, signal),
    knowledge: createKnowledgeApi({ baseUrl: `${origin}/api/knowledge-bases`, ...common }),
    integrations: createIntegrationsClient({ baseUrl: `${origin}/api/integrations`, ...common }),
  };
}
