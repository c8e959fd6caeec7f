import {
  estimateTestRun,
  expectationLabels,
  type AgentTest,
  type TestRunBudget,
  type ExpectationType,
  type TestResult,
  type TestRun,
} from '@parley/api-client';
import { Badge, Banner, Button, Card, EmptyState, RetryBanner, Spinner, Switch } from '@parley/ui';
import {
  changeText,
  passRateText,
  refusalOf,
  runCostText,
  runSummary,
  testsTexts as texts,
} from './testsFormat';
import { CheckIcon, CrossIcon } from '../../icons';
import * as styles from './tests.css';
import { speechToolsMissingOf, voiceTurnFacts } from './voiceRun';

export interface AgentTestsPanelProps {
  tests: AgentTest[];
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** 'Tests must pass to publish'. */
  testsMustPass: boolean;
  onGateChange: (on: boolean) => void;
  gateSaving?: boolean;
  /** The run shown: the newest (running, or finished). */
  run: TestRun | null;
  /** A run was asked for and has not answered yet. */
  running?: boolean;
  /** Why the last run could not start. */
  runError?: string | null;
  onRunAll: () => void;
  onRunOne: (test: AgentTest) => void;
  /**
   * The organization's test budget: 'Run all' shows its estimated model calls against what is
   * left, and is disabled (with the reason) when the server would refuse it.
   */
  budget?: TestRunBudget | null;
  /**
   * The agent has a voice: 'Run by voice' (`onRunVoice`) sends the suite through the server's
   * local speech pipeline; its results show what was heard beside the script.
   */
  voice?: boolean;
  onRunVoice?: () => void;
  /** A voice run was asked for and has not answered yet. */
  runningVoice?: boolean;
  onNew: () => void;
  onEdit: (test: AgentTest) => void;
  onDelete: (test: AgentTest) => void;
  headingLevel?: 2 | 3;
  id?: string;
  /** Card title (default 'Tests'). */
  title?: string;
}

function ResultBadge({ result }: { result?: TestResult }) {
  if (!result) return <Badge tone="neutral">{texts.notRun}</Badge>;
  const rate = result.repetitions > 1 ? ` · ${passRateText(result.pass_rate)}` : '';
  return result.passed ? (
    <Badge tone="success">{`${texts.passed}${rate}`}</Badge>
  ) : (
    <Badge tone="danger">{`${texts.failed}${rate}`}</Badge>
  );
}

function ResultDetail({
  result,
  level,
  voice = false,
}: {
  result: TestResult;
  level: 3 | 4;
  /** A voice run: each turn shows what was heard, the voice seconds, whether the call ended. */
  voice?: boolean;
}) {
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <div role="group" className={styles.result} aria-label={`Result of ${result.name}`}>
      <Heading className={styles.resultHead}>
        {result.name} <ResultBadge result={result} />
        {result.repetitions > 1 ? (
          <span className={styles.note}>
            {`Pass rate ${passRateText(result.pass_rate)} over ${result.repetitions} runs`}
          </span>
        ) : null}
      </Heading>
      {result.changes.length ? (
        <div>
          <p className={styles.muted}>Changed since the last run:</p>
          <ul className={styles.list}>
            {result.changes.map((c) => (
              <li key={`${c.turn}-${c.type}-${c.value}`} className={styles.expectation}>
                {changeText(c)}
              </li>
            ))}
          </ul>
        </div>
      ) : result.previous_run_id ? (
        <p className={styles.muted}>No change since the last run.</p>
      ) : null}
      {result.unmatched_mocks.length ? (
        <p className={styles.muted}>
          {`Tool mocks no call matched: ${result.unmatched_mocks.join(', ')}`}
        </p>
      ) : null}
      {result.turns.map((t, i) => {
        const facts = voice
          ? voiceTurnFacts(t)
          : { heard: null, notes: t.ended_call ? ['the call ended'] : [] };
        return (
          <div key={i} className={styles.turn}>
            <p className={styles.said}>
              <span className={styles.speaker}>{voice ? `${texts.scripted}: ` : 'User: '}</span>
              {t.user}
            </p>
            {facts.heard !== null ? (
              <p className={styles.said}>
                <span className={styles.speaker}>{`${texts.heard}: `}</span>
                {facts.heard}
              </p>
            ) : null}
            <p className={styles.said}>
              <span className={styles.speaker}>Agent: </span>
              {t.error ? `(no answer: ${t.error})` : t.answer}
            </p>
            <p className={styles.muted}>
              {[
                `${t.latency_ms} ms`,
                ...(t.offline ? ['offline responder'] : []),
                ...facts.notes,
              ].join(' · ')}
            </p>
            {t.expectations.map((e, j) => (
              <div key={j}>
                <p className={styles.expectation}>
                  <span className={e.passed ? styles.pass : styles.fail} aria-hidden="true">
                    {e.passed ? <CheckIcon /> : <CrossIcon />}
                  </span>
                  <span>
                    <span className={styles.speaker}>
                      {`${expectationLabels[e.type as ExpectationType] ?? e.type} “${e.value}”`}
                    </span>
                    {` ${e.passed ? 'passed' : 'failed'}: ${e.detail}`}
                  </span>
                </p>
                {e.reasoning ? <p className={styles.reasoning}>{`Judge: ${e.reasoning}`}</p> : null}
              </div>
            ))}
          </div>
        );
      })}
    </div>
  );
}

/**
 * The agent's Tests section (issue 30): the tests with their last outcome, Run all with progress,
 * the newest run (failures first, with what changed since the last run), the 'Tests must pass to
 * publish' switch and the publish refusal. A view: props in, events out.
 */
export function AgentTestsPanel({
  tests,
  loading = false,
  error,
  onRetry,
  testsMustPass,
  onGateChange,
  gateSaving = false,
  run,
  running = false,
  runError,
  onRunAll,
  onRunOne,
  budget,
  voice = false,
  onRunVoice,
  runningVoice = false,
  onNew,
  onEdit,
  onDelete,
  headingLevel = 2,
  id,
  title = texts.heading,
}: AgentTestsPanelProps) {
  const active = run?.status === 'queued' || run?.status === 'running';
  const inProgress = running || active;
  // Which run is going: the one asked for, else the one followed.
  const voiceInProgress = running ? runningVoice : active && run?.voice === true;
  const speechMissing = speechToolsMissingOf(run);
  const refusal = refusalOf(run, testsMustPass);
  const resultOf = (test: AgentTest) => run?.results.find((r) => r.test_id === test.id);
  const ordered = run ? [...run.results].sort((a, b) => Number(a.passed) - Number(b.passed)) : [];
  const cost = tests.length ? runCostText(estimateTestRun(tests), budget) : null;
  return (
    <Card
      title={title}
      headingLevel={headingLevel}
      id={id}
      actions={
        <div className={styles.row}>
          <Button variant="secondary" onClick={onNew}>
            {texts.newTest}
          </Button>
          {voice && onRunVoice ? (
            <Button
              variant="secondary"
              onClick={onRunVoice}
              busy={voiceInProgress}
              busyLabel={texts.runningByVoice}
              disabled={!tests.length || loading || inProgress || Boolean(cost?.over)}
            >
              {texts.runByVoice}
            </Button>
          ) : null}
          <Button
            onClick={onRunAll}
            busy={inProgress && !voiceInProgress}
            busyLabel={texts.running}
            disabled={!tests.length || loading || inProgress || Boolean(cost?.over)}
            aria-describedby={cost ? `${id ?? 'agent-tests'}-cost` : undefined}
          >
            {texts.runAll}
          </Button>
        </div>
      }
    >
      <div className={styles.stack}>
        <p className={styles.muted}>{texts.intro}</p>
        {cost ? (
          <p
            id={`${id ?? 'agent-tests'}-cost`}
            className={cost.over ? styles.costOver : styles.muted}
            data-state={cost.over ? 'over' : 'within'}
          >
            {cost.text}
          </p>
        ) : null}
        {voice && onRunVoice ? <p className={styles.muted}>{texts.voiceHint}</p> : null}
        <Switch
          label={texts.gate}
          description={texts.gateHint}
          checked={testsMustPass}
          onCheckedChange={onGateChange}
          disabled={gateSaving || loading}
        />
        {speechMissing ? (
          <Banner tone="error" title={texts.speechMissingTitle} message={speechMissing} />
        ) : null}
        {runError ? (
          <Banner tone="error" title="The tests could not run" message={runError} />
        ) : null}
        {error ? (
          <RetryBanner title={texts.loadFailed} message={error} onRetry={onRetry} />
        ) : loading ? (
          <Spinner label={texts.loading} />
        ) : !tests.length ? (
          <EmptyState
            title={texts.empty}
            hint={texts.emptyHint}
            headingLevel={headingLevel === 2 ? 3 : 4}
            action={<Button onClick={onNew}>{texts.newTest}</Button>}
          />
        ) : (
          <ul className={styles.list} aria-label="Tests">
            {tests.map((test) => (
              <li key={test.id} className={styles.item}>
                <div>
                  <p className={styles.itemName}>{test.name}</p>
                  <p className={styles.muted}>
                    {`${test.turns.length} turn${test.turns.length === 1 ? '' : 's'}${
                      test.repetitions > 1 ? ` · ${test.repetitions} repetitions` : ''
                    }`}
                  </p>
                </div>
                <div className={styles.row}>
                  <ResultBadge result={resultOf(test)} />
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => onRunOne(test)}
                    disabled={inProgress}
                    aria-label={`Run ${test.name}`}
                  >
                    {texts.run}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => onEdit(test)}
                    aria-label={`Edit ${test.name}`}
                  >
                    {texts.edit}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => onDelete(test)}
                    aria-label={`Delete ${test.name}`}
                  >
                    {texts.delete}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {run ? (
          <div className={styles.stack} aria-live="polite">
            <p className={styles.muted}>
              <span className={styles.speaker}>
                {run.trigger === 'publish'
                  ? // The refusal itself is reported once, by Publish Agent (its banner clears):
                    // here it is the run's plain fact, not a second banner that stays.
                    refusal
                    ? `${texts.refusedRun}: `
                    : 'Run before publishing: '
                  : `${run.voice ? texts.lastRunByVoice : texts.lastRun}: `}
              </span>
              {runSummary(run)}
            </p>
            {ordered.map((r) => (
              <ResultDetail
                key={r.test_id}
                result={r}
                level={headingLevel === 2 ? 3 : 4}
                voice={run.voice === true}
              />
            ))}
          </div>
        ) : null}
      </div>
    </Card>
  );
}
