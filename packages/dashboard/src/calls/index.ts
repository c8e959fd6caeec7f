export { AgentCalls } from './AgentCalls';
export type { AgentCallsProps } from './AgentCalls';
export { CallListView } from './CallListView';
export type { CallListViewProps } from './CallListView';
export { CallTranscriptView } from './CallTranscriptView';
export type { CallTranscriptViewProps } from './CallTranscriptView';
export { useAgentCalls, useCall } from './queries';
// The live test call of an agent (its state machine, panel and WebSocket or LiveKit call).
export {
  agentCallStates,
  LiveCallSlot,
  useTalkUnavailable,
  useVoiceCall,
  type AgentCallState,
} from './live';
