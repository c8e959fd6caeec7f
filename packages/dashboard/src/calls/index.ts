export { AgentCalls } from './AgentCalls';
export type { AgentCallsProps } from './AgentCalls';
export { CallListView } from './CallListView';
export type { CallListViewProps } from './CallListView';
export { CallTranscriptView } from './CallTranscriptView';
export type { CallTranscriptViewProps } from './CallTranscriptView';
export { useAgentCalls, useCall } from './queries';
