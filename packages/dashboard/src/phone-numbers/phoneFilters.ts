import { agentDisplayName, type PhoneNumber } from '@parley/api-client';

/**
 * The Inbound table's search and filters (spec channels-and-shell §2): a search over agent id,
 * agent name and number; voice/SMS/WhatsApp each all/enabled/disabled; an agent name or prefix.
 * All combine conjunctively.
 */
export const channelFilterValues = ['all', 'enabled', 'disabled'] as const;
export type ChannelFilter = (typeof channelFilterValues)[number];

export const unassignedAgentFilter = '__unassigned__';
/** The agent filter's 'All agents' choice (a Select item cannot have an empty value). */
export const allAgentsFilter = '__all__';

export interface PhoneFilters {
  search: string;
  voice: ChannelFilter;
  sms: ChannelFilter;
  whatsapp: ChannelFilter;
  /** '' = any agent; an agent prefix or name; or `unassignedAgentFilter`. */
  agent: string;
}

export const noFilters: PhoneFilters = {
  search: '',
  voice: 'all',
  sms: 'all',
  whatsapp: 'all',
  agent: '',
};

export const phoneNumbersEmpty = {
  title: 'No phone numbers found',
  filteredHint: 'Try adjusting your search',
  emptyHint: 'No phone numbers found for this organization',
} as const;

/** The agent prefix of a number's agent ('support' of 'support_1b2c…'), or null. */
export function agentPrefixOf(row: Pick<PhoneNumber, 'agent_id'>): string | null {
  return row.agent_id ? agentDisplayName({ id: row.agent_id }) : null;
}

const channelMatches = (filter: ChannelFilter, enabled: boolean) =>
  filter === 'all' || (filter === 'enabled') === enabled;

function digits(value: string) {
  return value.replace(/\D/g, '');
}

/** Whether the search text matches the number's agent id, agent name or number. */
export function matchesSearch(row: PhoneNumber, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  if ((row.agent_id ?? '').toLowerCase().includes(q)) return true;
  if ((row.agent_name ?? '').toLowerCase().includes(q)) return true;
  if (row.phone_number.toLowerCase().includes(q)) return true;
  // '(415) 555' and '415-555' find +14155550100 too.
  const d = digits(q);
  return d.length > 0 && digits(row.phone_number).includes(d) && /^[\d\s()+-]+$/.test(q);
}

export function matchesAgent(row: PhoneNumber, agent: string): boolean {
  if (!agent || agent === allAgentsFilter) return true;
  if (agent === unassignedAgentFilter) return !row.agent_id;
  if (!row.agent_id) return false;
  return agentPrefixOf(row) === agent || row.agent_name === agent || row.agent_id === agent;
}

export function filterPhoneNumbers(rows: readonly PhoneNumber[], f: PhoneFilters): PhoneNumber[] {
  return rows.filter(
    (row) =>
      matchesSearch(row, f.search) &&
      channelMatches(f.voice, row.voice_enabled) &&
      channelMatches(f.sms, row.sms_enabled) &&
      channelMatches(f.whatsapp, row.whatsapp_enabled) &&
      matchesAgent(row, f.agent),
  );
}

export function hasActiveFilters(f: PhoneFilters): boolean {
  return (
    f.search.trim() !== '' ||
    f.voice !== 'all' ||
    f.sms !== 'all' ||
    f.whatsapp !== 'all' ||
    (f.agent !== '' && f.agent !== allAgentsFilter)
  );
}

/** The empty state's hint: filters hide everything, or the organization has no numbers. */
export function emptyHintFor(total: number, f: PhoneFilters): string {
  return total > 0 && hasActiveFilters(f)
    ? phoneNumbersEmpty.filteredHint
    : phoneNumbersEmpty.emptyHint;
}

/** The agent filter's choices: every agent prefix present on a number, sorted, then Unassigned. */
export function agentFilterOptions(rows: readonly PhoneNumber[]) {
  const prefixes = [...new Set(rows.map(agentPrefixOf).filter((p): p is string => Boolean(p)))];
  prefixes.sort((a, b) => a.localeCompare(b));
  return [
    { value: allAgentsFilter, label: 'All agents' },
    ...prefixes.map((p) => ({ value: p, label: p })),
    { value: unassignedAgentFilter, label: 'Unassigned' },
  ];
}

/** The Unassign column is shown only when some number is assigned. */
export const showsUnassignColumn = (rows: readonly PhoneNumber[]) => rows.some((r) => r.agent_id);
