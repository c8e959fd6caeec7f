/**
 * Query keys of the agent tests (beside the feature, not in the shared factory, so the first tab's
 * bundle does not carry them): an agent's tests (with the gate setting and the last run), its runs,
 * one run's progress.
 */
export const testsKeys = {
  agentTests: (agentId: string) => ['agent-tests', agentId] as const,
  /** The agent's runs (any trigger), newest first; under `agentTests`, so it is read again with it. */
  agentTestRuns: (agentId: string) => ['agent-tests', agentId, 'runs'] as const,
  agentTestRun: (agentId: string, runId: string) => ['agent-tests', agentId, 'run', runId] as const,
} as const;
