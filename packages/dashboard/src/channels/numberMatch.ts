import { agentDisplayName, type PhoneNumber } from '@parley/api-client';

/**
 * How a number matches a search and an agent filter: one set of rules for the Phone Numbers
 * tab and the SMS and WhatsApp Inbound tables (spec channels-and-shell §2).
 */
export const unassignedAgentFilter = '__unassigned__';
/** The agent filter's 'All agents' choice (a Select item cannot have an empty value). */
export const allAgentsFilter = '__all__';

/** The agent prefix of a number's agent ('support' of 'support_1b2c…'), or null. */
export function agentPrefixOf(row: Pick<PhoneNumber, 'agent_id'>): string | null {
  return row.agent_id ? agentDisplayName({ id: row.agent_id }) : null;
}

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
