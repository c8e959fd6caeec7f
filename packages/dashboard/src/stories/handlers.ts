import { delay, http, HttpResponse } from 'msw';
import type {
  CreateAppResponse,
  CreateOrgResponse,
  MeResponse,
  WebhookList,
} from '@parley/api-client';
import type { AgentSummary } from '../api/DashboardApi';
import { fixtureAgents, meWithOrg } from './fixtures';

/**
 * MSW handlers that speak the contract (types from @parley/api-client), for container stories.
 * Each story builds its own in-memory backend so stories never share state.
 */
export function backend(options: {
  me?: MeResponse | null;
  agents?: AgentSummary[];
  agentsStatus?: number;
  latencyMs?: number | 'infinite';
}) {
  let agents = [...(options.agents ?? fixtureAgents)];
  let me = options.me === undefined ? meWithOrg : options.me;
  const wait = () => (options.latencyMs === undefined ? delay(50) : delay(options.latencyMs));
  return [
    http.get('*/api/org/me', async () => {
      await wait();
      return me
        ? HttpResponse.json(me)
        : HttpResponse.json({ success: false, error: 'Unauthorized' }, { status: 401 });
    }),
    http.post('*/api/org/create-org', async ({ request }) => {
      const { orgName } = (await request.json()) as { orgName: string };
      const org = { orgId: 'org_new', orgName, role: 'owner' };
      if (me) me = { ...me, organizations: [org] };
      return HttpResponse.json({
        success: true,
        message: 'Organization created successfully!',
        data: { orgId: org.orgId, orgName },
      } satisfies CreateOrgResponse);
    }),
    // The organization's webhooks (the shell's disabled-webhook notice reads them): none.
    http.get('*/api/org/:orgId/webhooks', () =>
      HttpResponse.json({ webhooks: [] } satisfies WebhookList),
    ),
    http.post('*/api/auth/sign-out', () => {
      me = null;
      return HttpResponse.json({ success: true });
    }),
    // The agent's tools (issue 28): none.
    http.get('*/api/agents/:name/tools', () => HttpResponse.json({ tools: [] })),
    http.get('*/api/agents/by-org/:orgId', async () => {
      await wait();
      if (options.agentsStatus && options.agentsStatus >= 400) {
        return HttpResponse.json(
          { success: false, error: 'Database unavailable' },
          { status: options.agentsStatus },
        );
      }
      return HttpResponse.json({ agents: agents.map((a) => ({ ...a, agent_name: a.id })) });
    }),
    http.post('*/api/app/create-agent', () =>
      HttpResponse.json({
        success: true,
        data: {
          appKey: 'app-NewNewNewNewNewNewNewNewNe',
          appId: '0f8fad5b-d9cb-469f-a165-70867728950e',
        },
      } satisfies CreateAppResponse),
    ),
    http.post('*/api/agents/update/:name', async ({ params, request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      const id = String(params.name);
      agents = [...agents, { id, name: id, status: 'active', ...body } as AgentSummary];
      return HttpResponse.json({ success: true, message: 'Agent created successfully' });
    }),
    http.delete('*/api/agents/delete/:name', ({ params }) => {
      agents = agents.filter((a) => a.id !== params.name);
      return HttpResponse.json({ success: true, message: 'deleted' });
    }),
    http.post('*/api/app/delete-agent', () => HttpResponse.json({ success: true })),
    // The agent detail's Calls section: no calls yet (the call log has its own view stories).
    http.get('*/voice/calls/agent/:agentId', () => HttpResponse.json({ calls: [] })),
    http.get('*/api/shared-providers/:org', ({ params }) =>
      HttpResponse.json({
        organization_id: String(params.org),
        served: true,
        model_providers: [],
        voice_providers: [],
        twilio: false,
        sandbox_numbers: false,
      }),
    ),
    http.get('*/voice/phone-numbers/organization/:org', () =>
      HttpResponse.json({
        phone_numbers: [
          { phone_number: '+15550001111', phone_id: 'p1', whatsapp_enabled: true },
          { phone_number: '+15550002222', phone_id: 'p2', whatsapp_enabled: false },
        ],
      }),
    ),
    http.get('*/messaging/mail/agent-mappings', () =>
      HttpResponse.json({
        mappings: [{ email_address: 'help@acme.test', agent_url: 'http://x/v1' }],
      }),
    ),
  ];
}
