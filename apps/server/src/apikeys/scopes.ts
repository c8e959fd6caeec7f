import type { ApiKeyScope } from '@parley/api-client';

/**
 * THE one place that says what an organization API key may call: each route (method and Hono
 * path, as registered in app.ts) with the scope it needs. A route not listed here is refused to
 * every key (403), whatever its scopes: a route added later is closed to keys until someone
 * decides its scope here. `notForKeys` lists, with the reason, the routes deliberately closed
 * (scopes.test.ts checks that every route behind the session guard is in one list or the other).
 *
 * There is no `channels:read` or `knowledge:read`: reading a channel's or a knowledge base's
 * set-up comes with the scope that changes it; conversations are read with `conversations:read`.
 */
export const routeScopes: Record<ApiKeyScope, readonly string[]> = {
  'agents:read': [
    'GET /api/agents/info/:agentName',
    'GET /api/agents/by-org/:orgId',
    'GET /voice/agents/by-org/:org',
    'POST /api/app/get-app-by-key',
    'GET /api/agents/:agentName/tools',
    'GET /api/agents/:agentName/tests',
    'GET /api/agents/:agentName/tests/runs',
    'GET /api/agents/:agentName/tests/runs/:runId',
    // Versions and agents as code (issue 39 items 2 and 4).
    'GET /api/agents/:agentName/versions',
    'GET /api/agents/:agentName/versions/:n',
    'GET /api/agents/:agentName/draft',
    'GET /api/agents/:agentName/export',
    // Outcomes (issue 40 item 2): the plan and reruns.
    'GET /api/agents/:agentName/analysis',
    'GET /api/agents/:agentName/analysis/reruns',
    'GET /api/agents/:agentName/analysis/reruns/:id',
  ],
  'agents:write': [
    'POST /api/agents/update/:agentName',
    'DELETE /api/agents/delete/:agentName',
    'POST /api/app/create-agent',
    'POST /api/app/delete-agent',
    'POST /api/prompt-config',
    'POST /api/model-config',
    'POST /api/chatbot/chat',
    'POST /api/chatbot/chat-messages',
    'POST /api/agents/:agentName/tools',
    'PUT /api/agents/:agentName/tools/:id',
    'DELETE /api/agents/:agentName/tools/:id',
    'POST /api/agents/:agentName/tools/mcp-tools',
    'POST /api/agents/:agentName/tools/:id/test',
    'POST /api/agents/:agentName/tests',
    'PUT /api/agents/:agentName/tests/settings',
    'POST /api/agents/:agentName/tests/run',
    'POST /api/agents/:agentName/tests/from-conversation',
    'PUT /api/agents/:agentName/tests/:id',
    'DELETE /api/agents/:agentName/tests/:id',
    'PUT /api/agents/:agentName/draft',
    'POST /api/agents/:agentName/draft/discard',
    'POST /api/agents/import',
    'PUT /api/agents/:agentName/analysis',
    'POST /api/agents/:agentName/analysis/rerun',
  ],
  'agents:publish': ['POST /api/publish-agent', 'POST /api/agents/:agentName/versions/:n/restore'],
  'conversations:read': [
    'GET /api/conversations',
    'GET /api/org/:orgId/webhooks',
    'GET /api/org/:orgId/webhooks/:id',
    'GET /api/org/:orgId/webhooks/:id/deliveries',
    'GET /api/conversations/waiting',
    'GET /api/org/:orgId/business-hours',
    'GET /api/conversations/export',
    'GET /api/conversations/events',
    'GET /api/conversations/:id',
    'GET /api/analytics/agents/:agentId',
    'GET /api/conversations/:id/analysis',
    'GET /api/analytics/agents/:agentId/outcomes',
    'GET /voice/calls/agent/:agentId',
    'GET /voice/calls/:conversationId',
    'GET /voice/telephony/organization/:org/outbox',
    'GET /messaging/sms/messages',
    'GET /messaging/whatsapp/messages',
    'GET /messaging/mail/conversation-mappings',
    'GET /messaging/mail/webhook/conversations',
    'GET /messaging/mail/outbox',
  ],
  'channels:write': [
    'POST /api/conversations/:id/close',
    'POST /api/org/:orgId/webhooks',
    'PUT /api/org/:orgId/webhooks/:id',
    'DELETE /api/org/:orgId/webhooks/:id',
    'POST /api/org/:orgId/webhooks/:id/test',
    'POST /api/org/:orgId/webhooks/:id/deliveries/:deliveryId/replay',
    'PUT /api/org/:orgId/business-hours',
    'POST /api/conversations/:id/takeover',
    'POST /api/conversations/:id/release',
    'POST /api/conversations/:id/messages',
    'GET /voice/phone-numbers/organization/:org',
    'GET /voice/phone-numbers/status/available',
    'POST /voice/phone-numbers/sync-all-providers',
    'POST /voice/phone-numbers/:phoneId/assign/:agentName',
    'POST /voice/phone-numbers/:phoneId/unassign/:agentId',
    'DELETE /voice/phone-numbers/:phoneId/unassign/:agentId',
    'POST /voice/phone-numbers/:phoneId/unassign',
    'PUT /voice/phone-numbers/:phoneId/assign',
    'GET /voice/telephony/organization/:org',
    'POST /voice/telephony/organization/:org/simulate',
    'POST /voice/scheduled/create',
    'PUT /voice/scheduled/:id',
    'DELETE /voice/scheduled/:id',
    'GET /voice/scheduled/organization/:org/schedules',
    'GET /voice/scheduled/organization/:org/settings',
    'PUT /voice/scheduled/organization/:org/settings',
    'POST /voice/scheduled/organization/:org/resume',
    'GET /voice/scheduled/organization/:org/do-not-call',
    'POST /voice/scheduled/organization/:org/do-not-call',
    'DELETE /voice/scheduled/organization/:org/do-not-call/:number',
    'GET /voice/scheduled/organization/:org/sandbox-outcomes',
    'PUT /voice/scheduled/organization/:org/sandbox-outcomes',
    'GET /messaging/send-limits',
    'GET /messaging/phone-numbers/available',
    'GET /messaging/sms/phone-numbers',
    'GET /messaging/sms/list-receiving-number-agents',
    'DELETE /messaging/sms/unassign-receiving-number-agent/:number',
    'GET /messaging/whatsapp/phone-numbers',
    'GET /messaging/whatsapp/list-receiving-number-agents',
    'DELETE /messaging/whatsapp/unassign-receiving-number-agent/:number',
    'POST /messaging/sms/send-message',
    'POST /messaging/whatsapp/send-message',
    'GET /messaging/sms/mappings',
    'POST /messaging/sms/map-receiving-number-agent',
    'POST /messaging/sms/mappings/:id',
    'DELETE /messaging/sms/mappings/:id',
    'GET /messaging/whatsapp/mappings',
    'POST /messaging/whatsapp/map-receiving-number-agent',
    'POST /messaging/whatsapp/mappings/:id',
    'DELETE /messaging/whatsapp/mappings/:id',
    'GET /messaging/mail/agent-mappings',
    'POST /messaging/mail/agent-mapping',
    'DELETE /messaging/mail/unassign-email-agent/:email',
    'POST /messaging/mail/webhook/send',
    'POST /messaging/mail/send-test-email',
    'GET /messaging/mail/mailboxes',
    'PUT /messaging/mail/mailboxes/:email',
    'DELETE /messaging/mail/mailboxes/:email',
    'POST /messaging/mail/mailboxes/:email/test',
    'POST /messaging/mail/drafts/:id/send',
    'DELETE /messaging/mail/drafts/:id',
    'POST /messaging/mail/simulate-inbound',
    'GET /messaging/mail/campaigns',
    'POST /messaging/mail/campaigns',
    'GET /messaging/mail/campaigns/:id',
    'POST /messaging/mail/campaigns/:id/pause',
    'POST /messaging/mail/campaigns/:id/resume',
    'POST /messaging/mail/campaigns/:id/cancel',
  ],
  'knowledge:write': [
    'GET /api/knowledge-bases',
    'POST /api/knowledge-bases',
    'DELETE /api/knowledge-bases/:id',
    'GET /api/knowledge-bases/:id/documents',
    'POST /api/knowledge-bases/:id/documents',
    'POST /api/knowledge-bases/:id/documents/file',
    'POST /api/knowledge-bases/:id/documents/url',
    'PATCH /api/knowledge-bases/:id/documents/:docId/enable',
    'PATCH /api/knowledge-bases/:id/documents/:docId/disable',
    'DELETE /api/knowledge-bases/:id/documents/:docId',
    'POST /api/knowledge-bases/:id/documents/:docId/reindex',
    'GET /api/knowledge-bases/:id/documents/:docId/segments',
    'PATCH /api/knowledge-bases/:id/documents/:docId/segments/:segId',
    'POST /api/knowledge-bases/:id/test-retrieval',
    'GET /api/knowledge-bases/:id/api-keys',
    'POST /api/knowledge-bases/:id/api-keys',
  ],
};

/**
 * Routes behind the session guard that no key may call, and why: a person's own account and
 * memberships, the keys themselves, the organization's provider credentials, and actions that
 * wipe the organization's data.
 */
export const notForKeys: Readonly<Record<string, string>> = {
  'GET /api/org/me': "a person's own account and organizations",
  'POST /api/org/create-org': 'a person creates organizations',
  'POST /api/org/add-user': 'memberships are managed by people',
  'POST /api/org/invitations/:invitationId/accept': 'a person accepts an invitation',
  'GET /api/org/:orgId/members': 'memberships are managed by people',
  'POST /api/org/:orgId/invitations': 'memberships are managed by people',
  'DELETE /api/org/:orgId/invitations/:invitationId': 'memberships are managed by people',
  'PATCH /api/org/:orgId/members/:memberId': 'memberships are managed by people',
  'DELETE /api/org/:orgId/members/:memberId': 'memberships are managed by people',
  'GET /api/org/:orgId/api-keys': 'a key never manages keys',
  'POST /api/org/:orgId/webhooks/:id/rotate-secret': 'a key never handles signing secrets',
  'GET /voice/stream': "a call's own single-use token opens it, not a key",
  'GET /api/org/:orgId/privacy':
    "people's data and its trail are handled by people, in the console",
  'PUT /api/org/:orgId/privacy':
    "people's data and its trail are handled by people, in the console",
  'GET /api/org/:orgId/contacts/:contact/export':
    "people's data and its trail are handled by people, in the console",
  'DELETE /api/org/:orgId/contacts/:contact':
    "people's data and its trail are handled by people, in the console",
  'GET /api/org/:orgId/audit-log':
    "people's data and its trail are handled by people, in the console",
  'GET /api/org/:orgId/audit-log/verify':
    "people's data and its trail are handled by people, in the console",
  'POST /api/org/:orgId/privacy/purge':
    "people's data and its trail are handled by people, in the console",
  'GET /api/org/:orgId/privacy/purges':
    "people's data and its trail are handled by people, in the console",
  'GET /api/org/:orgId/notifications': "a person's own alerts",
  'PUT /api/org/:orgId/notifications': "a person's own alerts",
  'GET /api/account/profile': "a person's own profile",
  'PUT /api/account/profile': "a person's own profile",
  'POST /api/org/:orgId/api-keys': 'a key never manages keys',
  'DELETE /api/org/:orgId/api-keys/:id': 'a key never manages keys',
  'DELETE /api/agents/delete-by-org/:orgId': 'deletes every agent of the organization',
  'GET /api/integrations/organization/:org': "the organization's provider credentials",
  'GET /api/integrations/organization/:org/:provider': "the organization's provider credentials",
  'PUT /api/integrations/organization/:org/:provider': "the organization's provider credentials",
  'POST /api/integrations/organization/:org/:provider/test':
    "the organization's provider credentials",
  'GET /api/integrations/organization/:org/:provider/voices':
    "the organization's provider credentials",
  'DELETE /api/integrations/organization/:org/:provider': "the organization's provider credentials",
  'GET /api/shared-providers/:org': "the install's shared providers",
  'GET /api/system-status/:org': "the install's set-up",
  // Answered before the guard, with credentials of their own.
  'POST /voice/tokens/generate': "authorised by the agent's public key or the session",
  'POST /voice/internal/calls': "the voice worker's call (PARLEY_WORKER_SECRET)",
  'GET /voice/internal/calls/:id/agent': "the voice worker's call (PARLEY_WORKER_SECRET)",
  'POST /voice/internal/calls/:id/offline-voice': "the voice worker's call (PARLEY_WORKER_SECRET)",
  'POST /voice/internal/calls/:id/chat': "the voice worker's call (PARLEY_WORKER_SECRET)",
  'POST /voice/internal/calls/:id/prepare': "the voice worker's call (PARLEY_WORKER_SECRET)",
  'POST /voice/internal/calls/:id/messages': "the voice worker's call (PARLEY_WORKER_SECRET)",
  'POST /voice/internal/calls/:id/metrics': "the voice worker's call (PARLEY_WORKER_SECRET)",
  'POST /voice/internal/calls/:id/transfer': "the voice worker's call (PARLEY_WORKER_SECRET)",
  'POST /voice/internal/calls/:id/end': "the voice worker's call (PARLEY_WORKER_SECRET)",
};

interface CompiledRoute {
  method: string;
  pattern: RegExp;
  scope: ApiKeyScope;
  route: string;
}

/** '/api/agents/:agentName/tests' → /^\/api\/agents\/[^/]+\/tests\/?$/ */
export function patternOf(path: string): RegExp {
  const parts = path
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${parts.join('/')}/?$`);
}

const compiled: CompiledRoute[] = Object.entries(routeScopes).flatMap(([scope, routes]) =>
  routes.map((route) => {
    const [method, path] = route.split(' ') as [string, string];
    return { method, pattern: patternOf(path), scope: scope as ApiKeyScope, route };
  }),
);

/**
 * The scope a key needs for this request (HEAD as GET), or null when no key may make it. A
 * request whose path fits routes of several scopes needs the first (the routes of one path are
 * given one scope: scopes.test.ts checks that every registered route gets its own).
 */
export function scopeFor(method: string, path: string): ApiKeyScope | null {
  const m = method === 'HEAD' ? 'GET' : method.toUpperCase();
  return compiled.find((r) => r.method === m && r.pattern.test(path))?.scope ?? null;
}
