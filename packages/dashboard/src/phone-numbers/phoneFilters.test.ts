// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { PhoneNumber } from '@parley/api-client';
import { agentFilterOptions, unassignedAgentFilter } from '../channels/numberMatch';
import {
  emptyHintFor,
  filterPhoneNumbers,
  hasActiveFilters,
  noFilters,
  showsUnassignColumn,
} from './phoneFilters';
import { noAgents } from '../stories/phoneHandlers';

const base: PhoneNumber = {
  phone_number: '',
  phone_id: '',
  friendly_name: null,
  provider: 'sandbox',
  assigned_at: null,
  ...noAgents,
  shared: false,
  organization_id: 'org',
  status: 'available',
  voice_enabled: false,
  sms_enabled: false,
  whatsapp_enabled: false,
  inbound_enabled: true,
  outbound_enabled: true,
  created_at: null,
  updated_at: null,
};
const uuid = '1b2c3d4e_0000_4000_8000_000000000001';
const rows: PhoneNumber[] = [
  {
    ...base,
    phone_id: 'a',
    phone_number: '+14155550100',
    voice_enabled: true,
    sms_enabled: true,
    whatsapp_enabled: true,
    agent_id: `support_${uuid}`,
    agent_name: 'support',
  },
  {
    ...base,
    phone_id: 'b',
    phone_number: '+14155550101',
    voice_enabled: true,
    sms_enabled: true,
    agent_id: `sales_${uuid}`,
    agent_name: 'Sales Desk',
  },
  { ...base, phone_id: 'c', phone_number: '+14155550102', voice_enabled: true },
  {
    ...base,
    phone_id: 'd',
    phone_number: '+442071838750',
    sms_enabled: true,
    whatsapp_enabled: true,
  },
];
const ids = (list: PhoneNumber[]) => list.map((r) => r.phone_id);

describe('filterPhoneNumbers', () => {
  it('without filters › every number', () => {
    expect(ids(filterPhoneNumbers(rows, noFilters))).toEqual(['a', 'b', 'c', 'd']);
    expect(hasActiveFilters(noFilters)).toBe(false);
  });

  it.each([
    ['support', ['a']],
    [uuid.slice(0, 8), ['a', 'b']],
    ['sales desk', ['b']],
    ['SALES', ['b']],
    ['+4420', ['d']],
    ['555 0102', ['c']],
    ['(415) 555-0101', ['b']],
    ['nobody', []],
  ])('search %j matches agent id, agent name or number › %j', (search, expected) => {
    expect(ids(filterPhoneNumbers(rows, { ...noFilters, search }))).toEqual(expected);
  });

  it.each([
    [{ voice: 'enabled' }, ['a', 'b', 'c']],
    [{ voice: 'disabled' }, ['d']],
    [{ sms: 'enabled' }, ['a', 'b', 'd']],
    [{ whatsapp: 'disabled' }, ['b', 'c']],
    [{ agent: 'support' }, ['a']],
    [{ agent: 'Sales Desk' }, ['b']],
    [{ agent: unassignedAgentFilter }, ['c', 'd']],
  ] as const)('filter %j › %j', (f, expected) => {
    expect(ids(filterPhoneNumbers(rows, { ...noFilters, ...f }))).toEqual(expected);
  });

  it('combines filters conjunctively', () => {
    const f = { ...noFilters, voice: 'enabled', sms: 'enabled', whatsapp: 'disabled' } as const;
    expect(ids(filterPhoneNumbers(rows, f))).toEqual(['b']);
    expect(ids(filterPhoneNumbers(rows, { ...f, search: 'support' }))).toEqual([]);
    expect(
      ids(
        filterPhoneNumbers(rows, {
          ...noFilters,
          whatsapp: 'enabled',
          agent: unassignedAgentFilter,
        }),
      ),
    ).toEqual(['d']);
    expect(hasActiveFilters(f)).toBe(true);
  });
});

describe('empty states and options', () => {
  it('hints at the search when filters hide every number, else at the organization', () => {
    expect(emptyHintFor(4, { ...noFilters, search: 'x' })).toBe('Try adjusting your search');
    expect(emptyHintFor(0, noFilters)).toBe('No phone numbers found for this organization');
    expect(emptyHintFor(0, { ...noFilters, search: 'x' })).toBe(
      'No phone numbers found for this organization',
    );
  });

  it('agent options list each prefix once, sorted, then Unassigned', () => {
    expect(agentFilterOptions(rows).map((o) => o.label)).toEqual([
      'All agents',
      'sales',
      'support',
      'Unassigned',
    ]);
  });

  it('the Unassign column only when some number is assigned', () => {
    expect(showsUnassignColumn(rows)).toBe(true);
    expect(showsUnassignColumn(rows.slice(2))).toBe(false);
  });
});
