// The live test call, as the agent screens use it (exported by name).
export { agentCallStates } from './callState';
export type { AgentCallState } from './callState';
export { LiveCallSlot } from './LiveCallSlot';
export { useVoiceCall } from './useVoiceCall';
export { useTalkUnavailable } from './voiceAvailability';
