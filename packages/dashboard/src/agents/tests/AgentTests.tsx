import { useEffect, useState } from 'react';
import { plainMessageOf, type AgentTest, type TestRun } from '@parley/api-client';
import { ConfirmDialog } from '@parley/ui';
import { AgentTestsPanel } from './AgentTestsPanel';
import { TestEditorModal } from './TestEditorModal';
import { draftFromTest, emptyDraft, lastRunNote, type TestDraft } from './testsFormat';
import { pinSectionInView } from '../detail/sectionPin';
import * as styles from './tests.css';
import {
  useAgentTestRuns,
  useAgentTests,
  useDeleteAgentTest,
  useRefreshTests,
  useRunAgentTests,
  useSaveAgentTest,
  useSaveTestsGate,
  useTestRunProgress,
} from './queries';

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
  const [editing, setEditing] = useState<{ test: AgentTest | null; draft: TestDraft } | null>(null);
  const [editorError, setEditorError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AgentTest | null>(null);
  const [current, setCurrent] = useState<TestRun | null>(null);

  const list = useAgentTests(agentId);
  const runs = useAgentTestRuns(agentId);
  const progress = useTestRunProgress(agentId, current);
  const save = useSaveAgentTest(agentId, {
    onStart: () => setEditorError(null),
    onSaved: () => setEditing(null),
    onError: (error) => setEditorError(plainMessageOf(error)),
  });
  const remove = useDeleteAgentTest(agentId, { onDeleted: () => setDeleting(null) });
  const run = useRunAgentTests(agentId, { onStarted: setCurrent });
  const gate = useSaveTestsGate(agentId);
  const refresh = useRefreshTests(agentId);

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
    // Opened from a 'Test made' link: the section is shown once its tests are there, and held at
    // the top while the sections above it finish loading.
    if (focus && loaded && id) return pinSectionInView(id);
  }, [focus, loaded, id]);
  useEffect(() => {
    // A background run ended: the list's outcomes and the runs are read again.
    if (finishedId) void refresh();
  }, [finishedId, refresh]);

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
        budget={list.data?.budget ?? null}
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
          onSave={() => save.mutate({ test: editing.test, draft: editing.draft })}
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

/** Beside Publish: the last run's outcome (the gate's state is in the Tests section). */
export function TestsPublishNote({ agentId }: { agentId: string }) {
  const list = useAgentTests(agentId);
  if (!list.data || !list.data.tests.length) return null;
  const note = list.data.tests_must_pass
    ? `${lastRunNote(list.data.last_run)} · must pass to publish`
    : lastRunNote(list.data.last_run);
  return <span className={styles.note}>{note}</span>;
}
