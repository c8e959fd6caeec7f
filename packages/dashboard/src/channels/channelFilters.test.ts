// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readPhoneNumbers, type PhoneNumberWire } from '@parley/api-client';
import {
  assignedAgentFilter,
  channelAgentOptions,
  channelEmptyHint,
  clearedChannelFilters,
  defaultChannelFilters,
  filterChannelNumbers,
  hasChannelFilters,
} from './channelFilters';
import { unassignedAgentFilter } from './numberMatch';

const at = '2025-01-01T00:00:00.000Z';
const wire = (n: string, agent: string | null): PhoneNumberWire => ({
  phone_id: `id-${n}`,
  phone_number: n,
  friendly_name: n,
  agent_id: agent,
  agent_name: null,
  voice_agent_id: null,
  voice_agent_name: null,
  sms_agent_id: agent,
  sms_agent_name: null,
  whatsapp_agent_id: null,
  whatsapp_agent_name: null,
  shared: false,
  organization_id: 'org',
  status: agent ? 'assigned' : 'available',
  provider: 'sandbox',
  voice_enabled: true,
  sms_enabled: true,
  whatsapp_enabled: false,
  inbound_enabled: true,
  outbound_enabled: true,
  assigned_at: agent ? at : null,
  created_at: at,
  updated_at: at,
});
const rows = readPhoneNumbers([
  wire('+14155550100', 'support_123e4567_e89b_12d3_a456_426614174000'),
  wire('+14155550101', null),
  wire('+14155550102', 'sales_9b2f0c1e_4d3a_4b5c_8e7f_0a1b2c3d4e5f'),
]);

describe('channel filters', () => {
  it('defaults to the assigned numbers when any is assigned, else to the unassigned ones', () => {
    const f = defaultChannelFilters(rows);
    expect(f.agent).toBe(assignedAgentFilter);
    expect(filterChannelNumbers(rows, f).map((r) => r.phone_number)).toEqual([
      '+14155550100',
      '+14155550102',
    ]);
    const none = rows.map((r) => ({ ...r, agent_id: null }));
    const g = defaultChannelFilters(none);
    expect(g.agent).toBe(unassignedAgentFilter);
    expect(filterChannelNumbers(none, g)).toHaveLength(3);
  });

  it('search and agent combine; Clear All Filters shows every number', () => {
    expect(
      filterChannelNumbers(rows, { search: '0102', agent: assignedAgentFilter }).map(
        (r) => r.phone_number,
      ),
    ).toEqual(['+14155550102']);
    expect(filterChannelNumbers(rows, { search: '', agent: 'support' })).toHaveLength(1);
    expect(filterChannelNumbers(rows, { search: 'sales', agent: 'support' })).toHaveLength(0);
    expect(filterChannelNumbers(rows, clearedChannelFilters)).toHaveLength(3);
    expect(hasChannelFilters(clearedChannelFilters)).toBe(false);
    expect(hasChannelFilters({ search: '', agent: assignedAgentFilter })).toBe(true);
  });

  it('agent choices and the empty hint', () => {
    expect(channelAgentOptions(rows).map((o) => o.label)).toEqual([
      'All agents',
      'Assigned',
      'sales',
      'support',
      'Unassigned',
    ]);
    expect(channelEmptyHint(3, { search: 'x', agent: '' }, 'SMS')).toBe(
      'Try adjusting your search',
    );
    expect(channelEmptyHint(0, clearedChannelFilters, 'SMS')).toBe(
      'No SMS-enabled phone numbers found for this organization',
    );
  });
});
