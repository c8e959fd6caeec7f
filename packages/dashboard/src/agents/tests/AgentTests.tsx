import { useEffect, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createAgentTestsClient,
  plainMessageOf,
  type AgentTest,
  type AgentTestsClient,
  type TestRun,
} from '@parley/api-client';
import { ConfirmDialog } from '@parley/ui';
import { useDashboardApi } from '../../api/ApiContext';
import { AgentTestsPanel } from './AgentTestsPanel';
import { TestEditorModal } from './TestEditorModal';
import {
  draftFromTest,
  draftToInput,
  emptyDraft,
  lastRunNote,
  type TestDraft,
} from './testsFormat';
import * as styles from './tests.css';
import { testsKeys } from './testsKeys';

/** How often a background run's progress is read. */
export const runPollMs = 1000;

function useTestsClient(): AgentTestsClient {
  const api = useDashboardApi();
  return useMemo(
    () => api.agentTests ?? createAgentTestsClient({ baseUrl: '/api/agents' }),
    [api.agentTests],
  );
}

export interface AgentTestsProps {
  agentId: string;
  headingLevel?: 2 | 3;
  id?: string;
  /** The agent has a voice: 'Run by voice' runs the suite through the local speech pipeline. */
  voice?: boolean;
  /** Opened from a link to the agent's Tests (`section=tests`): scrolled to once it loads. */
  focus?: boolean;
}

/**
 * Container of the agent's Tests section: the tests, the editor, Run all (a long run is followed
 * until it ends), the gate switch; the newest run (the publish gate's too) is shown.
 */
export default function AgentTests({
  agentId,
  headingLevel = 2,
  id,
  voice = false,
  focus = false,
}: AgentTestsProps) {
  const client = useTestsClient();
  const queryClient = useQueryClient();
  const key = testsKeys.agentTests(agentId);
  const [editing, setEditing] = useState<{ test: AgentTest | null; draft: TestDraft } | null>(null);
  const [editorError, setEditorError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AgentTest | null>(null);
  const [current, setCurrent] = useState<TestRun | null>(null);

  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => client.list(agentId, signal),
    retry: false,
  });
  const runs = useQuery({
    queryKey: [...key, 'runs'],
    queryFn: ({ signal }) => client.runs(agentId, signal),
    retry: false,
  });
  const followed = current && (current.status === 'queued' || current.status === 'running');
  const progress = useQuery({
    queryKey: testsKeys.agentTestRun(agentId, current?.id ?? ''),
    queryFn: ({ signal }) => client.getRun(agentId, current!.id, signal),
    enabled: Boolean(followed),
    refetchInterval: (q) =>
      q.state.data && q.state.data.status !== 'queued' && q.state.data.status !== 'running'
        ? false
        : runPollMs,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  const save = useMutation({
    mutationFn: async () => {
      const made = draftToInput(
        editing!.draft,
        editing!.test ? { tool_mocks: editing!.test.tool_mocks } : {},
      );
      if ('error' in made) throw new Error(made.error);
      return editing!.test
        ? client.update(agentId, editing!.test.id, made.input)
        : client.create(agentId, made.input);
    },
    onMutate: () => setEditorError(null),
    onSuccess: async () => {
      setEditing(null);
      await refresh();
    },
    onError: (error) => setEditorError(plainMessageOf(error)),
  });
  const remove = useMutation({
    mutationFn: (test: AgentTest) => client.remove(agentId, test.id),
    onSuccess: async () => {
      setDeleting(null);
      await refresh();
    },
  });
  const run = useMutation({
    mutationFn: (options: { testIds?: string[]; voice?: boolean } = {}) =>
      client.run(agentId, {
        ...(options.testIds ? { test_ids: options.testIds } : {}),
        ...(options.voice ? { voice: true } : {}),
      }),
    onSuccess: async (answer) => {
      setCurrent(answer);
      await refresh();
    },
  });
  const gate = useMutation({
    mutationFn: (on: boolean) => client.saveSettings(agentId, { tests_must_pass: on }),
    onSuccess: () => refresh(),
  });

  // The run shown: the one followed (its latest progress), else the newest of any trigger.
  const newest = runs.data?.runs[0] ?? null;
  const followedNow = progress.data?.id === current?.id ? progress.data : current;
  const shown =
    followedNow && (!newest || followedNow.created_at >= newest.created_at) ? followedNow : newest;
  const finishedId =
    progress.data && progress.data.status !== 'queued' && progress.data.status !== 'running'
      ? progress.data.id
      : null;
  const loaded = list.isSuccess;
  useEffect(() => {
    // Opened from a 'Test made' link: the section is shown once its tests are there.
    if (focus && loaded && id) scrollToTests(id);
  }, [focus, loaded, id]);
  useEffect(() => {
    // A background run ended: the list's outcomes and the runs are read again.
    if (finishedId) void queryClient.invalidateQueries({ queryKey: testsKeys.agentTests(agentId) });
  }, [finishedId, agentId, queryClient]);

  return (
    <>
      <AgentTestsPanel
        id={id}
        headingLevel={headingLevel}
        tests={list.data?.tests ?? []}
        loading={list.isPending}
        error={list.error ? plainMessageOf(list.error) : null}
        onRetry={() => void list.refetch()}
        testsMustPass={gate.isPending ? gate.variables : (list.data?.tests_must_pass ?? false)}
        onGateChange={(on) => gate.mutate(on)}
        gateSaving={gate.isPending}
        run={shown ?? null}
        running={run.isPending}
        runError={run.error ? plainMessageOf(run.error) : null}
        onRunAll={() => run.mutate({})}
        onRunOne={(test) => run.mutate({ testIds: [test.id] })}
        voice={voice}
        onRunVoice={() => run.mutate({ voice: true })}
        runningVoice={run.isPending && run.variables?.voice === true}
        onNew={() => {
          setEditorError(null);
          setEditing({ test: null, draft: emptyDraft() });
        }}
        onEdit={(test) => {
          setEditorError(null);
          setEditing({ test, draft: draftFromTest(test) });
        }}
        onDelete={setDeleting}
      />
      {editing ? (
        <TestEditorModal
          open
          onOpenChange={(open) => (open ? undefined : setEditing(null))}
          title={editing.test ? 'Edit test' : 'New test'}
          draft={editing.draft}
          onChange={(draft) => setEditing({ ...editing, draft })}
          onSave={() => save.mutate()}
          saving={save.isPending}
          error={editorError}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete test"
        message={deleting ? `Delete the test “${deleting.name}”?` : ''}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        tone="danger"
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </>
  );
}

/** Scrolls the Tests section into view (instantly when the user prefers reduced motion). */
function scrollToTests(id: string) {
  const reduce = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
  globalThis.document
    ?.getElementById(id)
    ?.scrollIntoView?.({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
}

/** Beside Publish: the last run's outcome (the gate's state is in the Tests section). */
export function TestsPublishNote({ agentId }: { agentId: string }) {
  const client = useTestsClient();
  const list = useQuery({
    queryKey: testsKeys.agentTests(agentId),
    queryFn: ({ signal }) => client.list(agentId, signal),
    retry: false,
  });
  if (!list.data || !list.data.tests.length) return null;
  const note = list.data.tests_must_pass
    ? `${lastRunNote(list.data.last_run)} · must pass to publish`
    : lastRunNote(list.data.last_run);
  return <span className={styles.note}>{note}</span>;
}
