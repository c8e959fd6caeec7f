import { useCallback, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgentTest, TestRun } from '@parley/api-client';
import { useAgentTestsClient } from '../../api/clients/agentTests';
import { draftToInput, type TestDraft } from './testsFormat';
import { agentKeys } from '../queries';

/**
 * Query keys of the agent tests: an agent's tests (with the gate setting and the last run: the
 * agents' own `agentKeys.tests`), its runs, one run's progress.
 */
export const testsKeys = {
  agentTests: agentKeys.tests,
  /** The agent's runs (any trigger), newest first; under `agentTests`, so it is read again with it. */
  agentTestRuns: (agentId: string) => [...agentKeys.tests(agentId), 'runs'] as const,
  agentTestRun: (agentId: string, runId: string) =>
    [...agentKeys.tests(agentId), 'run', runId] as const,
} as const;

/** How often a background run's progress is read. */
export const runPollMs = 1000;

/** The agent's tests, with the gate setting and the last run. */
export function useAgentTests(agentId: string) {
  const client = useAgentTestsClient();
  return useQuery({
    queryKey: testsKeys.agentTests(agentId),
    queryFn: ({ signal }) => client.list(agentId, signal),
    retry: false,
  });
}

/** The agent's runs of any trigger (the publish gate's too), newest first. */
export function useAgentTestRuns(agentId: string) {
  const client = useAgentTestsClient();
  return useQuery({
    queryKey: testsKeys.agentTestRuns(agentId),
    queryFn: ({ signal }) => client.runs(agentId, signal),
    retry: false,
  });
}

const isActive = (run: TestRun | null | undefined) =>
  Boolean(run && (run.status === 'queued' || run.status === 'running'));

/** A run followed while it is queued or running (read every `runPollMs` until it ends). */
export function useTestRunProgress(agentId: string, run: TestRun | null) {
  const client = useAgentTestsClient();
  return useQuery({
    queryKey: testsKeys.agentTestRun(agentId, run?.id ?? ''),
    queryFn: ({ signal }) => client.getRun(agentId, run!.id, signal),
    enabled: isActive(run),
    refetchInterval: (q) => (q.state.data && !isActive(q.state.data) ? false : runPollMs),
  });
}

const refreshTests = (queryClient: ReturnType<typeof useQueryClient>, agentId: string) =>
  queryClient.invalidateQueries({ queryKey: testsKeys.agentTests(agentId) });

/** Create or update a test from its draft (a bad draft fails with its reason); the tests are read again. */
export function useSaveAgentTest(
  agentId: string,
  {
    onStart,
    onSaved,
    onError,
  }: { onStart?: () => void; onSaved?: () => void; onError?: (error: Error) => void } = {},
) {
  const client = useAgentTestsClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ test, draft }: { test: AgentTest | null; draft: TestDraft }) => {
      const made = draftToInput(draft, test ? { tool_mocks: test.tool_mocks } : {});
      if ('error' in made) throw new Error(made.error);
      return test
        ? client.update(agentId, test.id, made.input)
        : client.create(agentId, made.input);
    },
    onMutate: () => onStart?.(),
    onSuccess: async () => {
      onSaved?.();
      await refreshTests(queryClient, agentId);
    },
    onError: (error) => onError?.(error),
  });
}

/** Delete a test; the tests are read again. */
export function useDeleteAgentTest(
  agentId: string,
  { onDeleted }: { onDeleted?: () => void } = {},
) {
  const client = useAgentTestsClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (test: AgentTest) => client.remove(agentId, test.id),
    onSuccess: async () => {
      onDeleted?.();
      await refreshTests(queryClient, agentId);
    },
  });
}

/** Run the tests (all, some, or by voice); the started run is handed to `onStarted`. */
export function useRunAgentTests(
  agentId: string,
  { onStarted }: { onStarted?: (run: TestRun) => void } = {},
) {
  const client = useAgentTestsClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (options: { testIds?: string[]; voice?: boolean } = {}) =>
      client.run(agentId, {
        ...(options.testIds ? { test_ids: options.testIds } : {}),
        ...(options.voice ? { voice: true } : {}),
      }),
    onSuccess: async (answer) => {
      onStarted?.(answer);
      await refreshTests(queryClient, agentId);
    },
  });
}

/** The publish gate: whether the tests must pass before the agent is published. */
export function useSaveTestsGate(agentId: string) {
  const client = useAgentTestsClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => client.saveSettings(agentId, { tests_must_pass: on }),
    onSuccess: () => refreshTests(queryClient, agentId),
  });
}

/** A background run ended: the list's outcomes and the runs are read again. */
export function useRefreshTests(agentId: string) {
  const queryClient = useQueryClient();
  return useCallback(() => refreshTests(queryClient, agentId), [queryClient, agentId]);
}

/**
 * 'Make a test' of a stored conversation (any channel): its user turns with the agent's answers as
 * judge criteria; then the Tests section shows it (scrolled to, to edit the criteria).
 */
export function useMakeTest(agentId: string, sectionId = 'agent-section-tests') {
  const client = useAgentTestsClient();
  const queryClient = useQueryClient();
  // A double click (or Enter held) asks twice before the button turns busy: one test per
  // conversation while its request runs.
  const inFlight = useRef(new Set<string>());
  const mutation = useMutation({
    mutationFn: (conversationId: string) =>
      client.fromConversation(agentId, { conversation_id: conversationId }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: testsKeys.agentTests(agentId) });
      globalThis.document?.getElementById(sectionId)?.scrollIntoView?.({ block: 'start' });
    },
  });
  const { mutate: run } = mutation;
  const mutate = useCallback(
    (conversationId: string) => {
      if (inFlight.current.has(conversationId)) return;
      inFlight.current.add(conversationId);
      run(conversationId, { onSettled: () => inFlight.current.delete(conversationId) });
    },
    [run],
  );
  return { ...mutation, mutate };
}
