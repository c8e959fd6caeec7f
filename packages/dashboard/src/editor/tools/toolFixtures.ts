import type { AgentTool } from '@parley/api-client';

/** Tools as the API answers them (header values masked), for stories. */
export const httpToolFixture: AgentTool = {
  id: '5f0d7a52-9a0c-4c52-9d53-0a3c1e7b2f10',
  agent_name: 'front_desk',
  name: 'check_slots',
  description: 'Free appointment slots on a day',
  type: 'http',
  parameters: { type: 'object', properties: { day: { type: 'string' } }, required: ['day'] },
  enabled: true,
  method: 'POST',
  url: 'https://booking.example.com/slots',
  headers: { 'X-Api-Key': '••••••••••••••ABCD' },
  timeout_ms: 10000,
  number: null,
  allowed_tools: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};

export const endCallToolFixture: AgentTool = {
  ...httpToolFixture,
  id: '0b7d5c1e-2f1a-4c1e-8f0e-3c2d1b0a9e88',
  name: 'end_call',
  description: 'End the phone call once the conversation is over.',
  type: 'end_call',
  parameters: { type: 'object', properties: { reason: { type: 'string' } } },
  method: null,
  url: null,
  headers: {},
  timeout_ms: null,
};

export const transferToolFixture: AgentTool = {
  ...endCallToolFixture,
  id: '7a6c5b4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d',
  name: 'transfer_to_desk',
  description: 'Transfer the phone call to a person.',
  type: 'transfer_call',
  number: '+14155550123',
  enabled: false,
};

export const longUrlToolFixture: AgentTool = {
  ...httpToolFixture,
  id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
  name: 'lookup_customer_order_history_in_the_northern_region_warehouse',
  url: 'https://orders.internal-services.example.com/api/v3/customers/order-history/lookup?region=north&include=items',
};

export const mcpToolFixture: AgentTool = {
  ...httpToolFixture,
  id: '3c2b1a0f-9e8d-4c7b-8a6f-5e4d3c2b1a0f',
  name: 'records',
  description: 'Patient records',
  type: 'mcp',
  parameters: { type: 'object', properties: {} },
  method: null,
  url: 'https://mcp.example.com/mcp',
  headers: { Authorization: '••••••••••••••wxyz' },
  allowed_tools: ['lookup_patient', 'cancel_visit'],
};

/** An MCP server's tools as 'List tools' answers them. */
export const mcpListedToolsFixture = [
  {
    name: 'lookup_patient',
    description: 'Find a patient by name and date of birth',
    input_schema: { type: 'object', properties: { name: { type: 'string' } } },
  },
  {
    name: 'book_visit',
    description: 'Book a visit in a free slot',
    input_schema: { type: 'object', properties: { slot: { type: 'string' } } },
  },
  {
    name: 'list_doctors',
    description: '',
    input_schema: { type: 'object', properties: {} },
  },
];
