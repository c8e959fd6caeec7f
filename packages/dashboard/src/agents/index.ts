// The agent feature, as other features use it (exported by name).
export { agentKeys, useAgent, useAgents } from './queries';
export { MakeTestControl } from './tests/MakeTestControl';
export { MakeTestButton, MakeTestResult, MakeTestView } from './tests/MakeTestView';
export type { MakeTestViewProps } from './tests/MakeTestView';
