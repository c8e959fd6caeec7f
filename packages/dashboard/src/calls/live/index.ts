// The live test call (through calls/index.ts, as the agent screens use it).
export { agentCallStates } from './callState';
export type { AgentCallState } from './callState';
export { LiveCallSlot } from './LiveCallSlot';
export { useVoiceCall } from './useVoiceCall';
export { useTalkUnavailable } from './voiceAvailability';
