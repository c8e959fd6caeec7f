import type { PhoneNumber } from '@parley/api-client';
import {
  agentFilterOptions,
  allAgentsFilter,
  matchesAgent,
  matchesSearch,
  unassignedAgentFilter,
} from './numberMatch';

/**
 * The SMS and WhatsApp Inbound tables' search and agent filter (spec channels-and-shell §2),
 * over the Phone Numbers tab's matching rules. Default: if any number is assigned only the
 * assigned ones are shown, otherwise only the unassigned ones.
 */
export interface ChannelFilters {
  search: string;
  /** `allAgentsFilter`, `assignedAgentFilter`, `unassignedAgentFilter` or an agent prefix. */
  agent: string;
}

export const assignedAgentFilter = '__assigned__';

/** Clear All Filters: every number of the channel. */
export const clearedChannelFilters: ChannelFilters = { search: '', agent: allAgentsFilter };

/** The §2 default: assigned numbers if any, else the unassigned ones. */
export function defaultChannelFilters(rows: readonly PhoneNumber[]): ChannelFilters {
  return {
    search: '',
    agent: rows.some((r) => r.agent_id) ? assignedAgentFilter : unassignedAgentFilter,
  };
}

export function filterChannelNumbers(
  rows: readonly PhoneNumber[],
  f: ChannelFilters,
): PhoneNumber[] {
  return rows.filter(
    (row) =>
      matchesSearch(row, f.search) &&
      (f.agent === assignedAgentFilter ? Boolean(row.agent_id) : matchesAgent(row, f.agent)),
  );
}

/** Whether anything narrows the table (Clear All Filters is enabled). */
export const hasChannelFilters = (f: ChannelFilters) =>
  f.search.trim() !== '' || (f.agent !== '' && f.agent !== allAgentsFilter);

/** The agent filter's choices: All agents, Assigned, each agent prefix, Unassigned. */
export function channelAgentOptions(rows: readonly PhoneNumber[]) {
  const [all, ...rest] = agentFilterOptions(rows);
  return [all!, { value: assignedAgentFilter, label: 'Assigned' }, ...rest];
}

export const channelNumbersEmpty = {
  title: 'No phone numbers found',
  filteredHint: 'Try adjusting your search',
} as const;

/** The empty table's hint: filters hide every number, or the channel has none. */
export function channelEmptyHint(total: number, f: ChannelFilters, channelLabel: string): string {
  return total > 0 && hasChannelFilters(f)
    ? channelNumbersEmpty.filteredHint
    : `No ${channelLabel}-enabled phone numbers found for this organization`;
}
