import type { MeResponse } from '@parley/api-client';
import type { AgentSummary } from '../api/DashboardApi';

/** Story and test fixtures, typed by the contract. */
export const fixtureUser = {
  userId: 'user_1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
};
export const fixtureOrg = { orgId: 'org_1', orgName: 'Acme Labs', role: 'owner' };

export const meWithOrg: MeResponse = { user: fixtureUser, organizations: [fixtureOrg] };
export const meWithoutOrg: MeResponse = { user: fixtureUser, organizations: [] };

export const fixtureAgents: AgentSummary[] = [
  {
    id: 'support_123e4567_e89b_12d3_a456_426614174000',
    name: 'support_123e4567_e89b_12d3_a456_426614174000',
    status: 'active',
    initial_message: 'Hello! How can I help you today?',
    chatbot_api: 'http://localhost:3000/v1',
    chatbot_key: 'app-AbCdEfGhIjKlMnOpQrStUvWx',
    organization_id: 'org_1',
    agent_type: 'knowledge',
  },
  {
    id: 'sales_automation_9b2f0c1e_4d3a_4b5c_8e7f_0a1b2c3d4e5f',
    name: 'Sales desk',
    status: 'draft',
    description:
      'Qualifies inbound leads, answers pricing questions and books demos with the sales team. It hands over to a human when a prospect asks for a custom contract or a discount beyond policy.',
    organization_id: 'org_1',
    agent_type: 'action',
  },
  {
    id: 'zeta_11111111_2222_3333_4444_555555555555',
    name: 'zeta_11111111_2222_3333_4444_555555555555',
    status: 'active',
    organization_id: 'org_1',
  },
];
