import type { PhoneNumber } from '@parley/api-client';
import { allAgentsFilter, matchesAgent, matchesSearch } from '../channels';

/**
 * The Inbound table's search and filters (spec channels-and-shell §2): a search over agent id,
 * agent name and number; voice/SMS/WhatsApp each all/enabled/disabled; an agent name or prefix.
 * All combine conjunctively.
 */
export const channelFilterValues = ['all', 'enabled', 'disabled'] as const;
export type ChannelFilter = (typeof channelFilterValues)[number];

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

const channelMatches = (filter: ChannelFilter, enabled: boolean) =>
  filter === 'all' || (filter === 'enabled') === enabled;

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

/** The Unassign column is shown only when some number is assigned. */
export const showsUnassignColumn = (rows: readonly PhoneNumber[]) => rows.some((r) => r.agent_id);
