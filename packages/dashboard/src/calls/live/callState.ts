/** Voice call states the agent's header shows (spec §4 Voice call). */
export const agentCallStates = ['idle', 'connecting', 'connected'] as const;
export type AgentCallState = (typeof agentCallStates)[number];
