/**
 * The console's address of an agent's Tests section: the Agents tab with the agent open
 * (`?tab=agents&agent={id}`, as AgentsArea reads it) at `section=tests`.
 */
export const agentTestsSection = 'tests';

export function agentTestsHref(agentId: string): string {
  const params = new URLSearchParams({ tab: 'agents', agent: agentId, section: agentTestsSection });
  return `/?${params.toString()}`;
}
