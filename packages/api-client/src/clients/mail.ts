import { createHttp, type HttpOptions } from '../http';
import {
  campaignAnswerSchema,
  campaignsResponseSchema,
  mailAgentMappingAnswerSchema,
  mailAgentMappingsResponseSchema,
  mailboxAnswerSchema,
  mailboxesResponseSchema,
  mailboxTestResponseSchema,
  mailConversationMappingsResponseSchema,
  mailConversationsResponseSchema,
  mailInboundAnswerSchema,
  mailOutboxResponseSchema,
  mailResultSchema,
  mailSendAnswerSchema,
  type CampaignCreateRequest,
  type MailAgentMappingQuery,
  type MailboxRequest,
  type MailSendRequest,
  type MailSimulateInboundRequest,
  type MailTestEmailQuery,
} from '../schemas/mail';

/**
 * The Email channel of the messaging service (default base '/messaging'): §7's mail calls, the
 * mailboxes' settings, drafts, the sandbox and campaigns. `organizationId` is needed only by a
 * member of several organizations.
 */
export function createMailClient(options: HttpOptions) {
  const http = createHttp({ ...options, errorStyle: 'messaging' });
  const enc = encodeURIComponent;
  const org = (organizationId?: string) =>
    organizationId ? { organization_id: organizationId } : {};
  return {
    // §7
    agentMappings: (organizationId?: string, signal?: AbortSignal) =>
      http('GET', '/mail/agent-mappings', {
        query: org(organizationId),
        schema: mailAgentMappingsResponseSchema,
        signal,
      }),
    mapAgent: (query: MailAgentMappingQuery, organizationId?: string) =>
      http('POST', '/mail/agent-mapping', {
        query: { ...query, ...org(organizationId) },
        schema: mailAgentMappingAnswerSchema,
      }),
    unassignAgent: (email: string, organizationId?: string) =>
      http('DELETE', `/mail/unassign-email-agent/${enc(email)}`, {
        query: org(organizationId),
        schema: mailResultSchema,
      }),
    conversationMappings: (organizationId?: string, signal?: AbortSignal) =>
      http('GET', '/mail/conversation-mappings', {
        query: org(organizationId),
        schema: mailConversationMappingsResponseSchema,
        signal,
      }),
    /** Threads, newest activity first; `mailbox` narrows to one mailbox. */
    conversations: (
      filter: { mailbox?: string; organizationId?: string } = {},
      signal?: AbortSignal,
    ) =>
      http('GET', '/mail/webhook/conversations', {
        query: { mailbox: filter.mailbox, ...org(filter.organizationId) },
        schema: mailConversationsResponseSchema,
        signal,
      }),
    send: (body: MailSendRequest, idempotencyKey?: string) =>
      http('POST', '/mail/webhook/send', {
        json: body,
        headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined,
        schema: mailSendAnswerSchema,
      }),
    sendTestEmail: (query: MailTestEmailQuery, organizationId?: string) =>
      http('POST', '/mail/send-test-email', {
        query: { ...query, ...org(organizationId) },
        schema: mailSendAnswerSchema,
      }),

    // mailboxes
    mailboxes: (organizationId?: string, signal?: AbortSignal) =>
      http('GET', '/mail/mailboxes', {
        query: org(organizationId),
        schema: mailboxesResponseSchema,
        signal,
      }),
    saveMailbox: (email: string, body: MailboxRequest, organizationId?: string) =>
      http('PUT', `/mail/mailboxes/${enc(email)}`, {
        json: body,
        query: org(organizationId),
        schema: mailboxAnswerSchema,
      }),
    deleteMailbox: (email: string, organizationId?: string) =>
      http('DELETE', `/mail/mailboxes/${enc(email)}`, {
        query: org(organizationId),
        schema: mailResultSchema,
      }),
    testMailbox: (email: string, organizationId?: string) =>
      http('POST', `/mail/mailboxes/${enc(email)}/test`, {
        query: org(organizationId),
        schema: mailboxTestResponseSchema,
      }),

    // drafts
    sendDraft: (messageId: string, text?: string, organizationId?: string) =>
      http('POST', `/mail/drafts/${enc(messageId)}/send`, {
        json: text === undefined ? {} : { text },
        query: org(organizationId),
        schema: mailSendAnswerSchema,
      }),
    discardDraft: (messageId: string, organizationId?: string) =>
      http('DELETE', `/mail/drafts/${enc(messageId)}`, {
        query: org(organizationId),
        schema: mailResultSchema,
      }),

    // sandbox
    outbox: (filter: { mailbox?: string; organizationId?: string } = {}, signal?: AbortSignal) =>
      http('GET', '/mail/outbox', {
        query: { mailbox: filter.mailbox, ...org(filter.organizationId) },
        schema: mailOutboxResponseSchema,
        signal,
      }),
    simulateInbound: (body: MailSimulateInboundRequest, organizationId?: string) =>
      http('POST', '/mail/simulate-inbound', {
        json: body,
        query: org(organizationId),
        schema: mailInboundAnswerSchema,
      }),

    // campaigns
    campaigns: (organizationId?: string, signal?: AbortSignal) =>
      http('GET', '/mail/campaigns', {
        query: org(organizationId),
        schema: campaignsResponseSchema,
        signal,
      }),
    createCampaign: (body: CampaignCreateRequest, organizationId?: string) =>
      http('POST', '/mail/campaigns', {
        json: body,
        query: org(organizationId),
        schema: campaignAnswerSchema,
      }),
    campaign: (id: string, organizationId?: string, signal?: AbortSignal) =>
      http('GET', `/mail/campaigns/${enc(id)}`, {
        query: org(organizationId),
        schema: campaignAnswerSchema,
        signal,
      }),
    campaignAction: (id: string, action: 'pause' | 'resume' | 'cancel', organizationId?: string) =>
      http('POST', `/mail/campaigns/${enc(id)}/${action}`, {
        query: org(organizationId),
        schema: campaignAnswerSchema,
      }),
  };
}
export type MailClient = ReturnType<typeof createMailClient>;
