import { agentVersionName, type VoiceCallDetail, type VoiceCallTurn } from '@parley/api-client';
import { Badge, Banner, Button, Card, RetryBanner, Spinner } from '@parley/ui';
import {
  callEndText,
  callSourceLabel,
  callTexts,
  formatCallDuration,
  formatCallStart,
  formatLatency,
  latencyFigures,
  medianLatency,
  turnKindLabel,
} from './callFormat';
import { MakeTestButton, MakeTestResult } from '../agents';
import { ArrowLeftIcon } from '../icons';
import * as styles from './calls.css';
import { StoredToolSteps } from '../chat';

export interface CallTranscriptViewProps {
  /** The call with its transcript; null while loading or after a failure. */
  call: VoiceCallDetail | null;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** Back to the list of calls. */
  onBack: () => void;
  headingLevel?: 2 | 3;
  /** Card title (default 'Call of {start}', or 'Transcript' before the call is loaded). */
  title?: string;
  timeZone?: string;
  locale?: string;
  id?: string;
  /** 'Make a test' of this call's caller turns (the agent's answers as judge criteria). */
  onMakeTest?: () => void;
  makingTest?: boolean;
  /** Why the test could not be made. */
  makeTestError?: string | null;
}

function Turn({
  turn,
  timeZone,
  locale,
}: {
  turn: VoiceCallTurn;
  timeZone?: string;
  locale?: string;
}) {
  const isCaller = turn.speaker === 'caller';
  const kind = turnKindLabel(turn.kind);
  const figures = isCaller ? [] : latencyFigures(turn);
  const time = new Date(turn.at);
  return (
    <li className={isCaller ? styles.callerTurn : styles.agentTurn}>
      <div className={styles.turnHead}>
        <span className={styles.speaker}>{isCaller ? callTexts.caller : callTexts.agent}</span>
        {Number.isNaN(time.getTime()) ? null : (
          <time dateTime={turn.at}>
            {new Intl.DateTimeFormat(locale, { timeStyle: 'medium', timeZone }).format(time)}
          </time>
        )}
        {kind ? <Badge tone="neutral">{kind}</Badge> : null}
        {turn.offline ? <Badge tone="warning">{callTexts.offlineAnswer}</Badge> : null}
        {!isCaller && agentVersionName(turn.agent_version) ? (
          <Badge tone="neutral">{agentVersionName(turn.agent_version)}</Badge>
        ) : null}
      </div>
      <p className={styles.turnText}>{turn.text}</p>
      {turn.error ? <p className={styles.error}>{turn.error}</p> : null}
      <StoredToolSteps messageId={turn.id} steps={turn.tool_steps} />
      {figures.length > 0 ? (
        <dl className={styles.figures} aria-label="Latency">
          {figures.map((f) => (
            <div key={f.label} title={f.hint}>
              <dt className={styles.figureTerm}>{f.label}</dt>
              <dd className={styles.figureValue}>{f.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </li>
  );
}

/**
 * One call (issue 14 §5): when, how long, from where, who ended it and why, the offline voice
 * notice, then the transcript turn by turn (caller and agent) with each answer's latency figures.
 */
export function CallTranscriptView({
  call,
  loading = false,
  error,
  onRetry,
  onBack,
  headingLevel = 2,
  title: titleOverride,
  timeZone,
  locale,
  id,
  onMakeTest,
  makingTest = false,
  makeTestError,
}: CallTranscriptViewProps) {
  const backButton = (
    <Button variant="ghost" size="sm" onClick={onBack} icon={<ArrowLeftIcon />}>
      {callTexts.back}
    </Button>
  );
  const back =
    onMakeTest && call ? (
      <span className={styles.actions}>
        {backButton}
        <MakeTestButton onClick={onMakeTest} busy={makingTest} />
      </span>
    ) : (
      backButton
    );
  const title =
    titleOverride ??
    (call
      ? `Call of ${formatCallStart(call.started_at, { timeZone, locale })}`
      : callTexts.transcript);

  let body;
  if (error) {
    body = <RetryBanner title={callTexts.transcriptFailed} message={error} onRetry={onRetry} />;
  } else if (loading || !call) {
    body = <Spinner label={callTexts.transcriptLoading} showLabel />;
  } else {
    const { who, why } = callEndText(call);
    const median = formatLatency(
      medianLatency(call.transcript.filter((t) => t.speaker === 'agent')),
    );
    body = (
      <>
        <dl className={styles.summary}>
          <div className={styles.summaryItem}>
            <dt className={styles.term}>Duration</dt>
            <dd className={styles.definition}>{formatCallDuration(call.duration_seconds)}</dd>
          </div>
          <div className={styles.summaryItem}>
            <dt className={styles.term}>From</dt>
            <dd className={styles.definition}>
              {callSourceLabel(call)}
              {call.from ? ` (${call.from})` : null}
            </dd>
          </div>
          <div className={styles.summaryItem}>
            <dt className={styles.term}>Ended</dt>
            <dd className={styles.definition}>{why ? `${who}: ${why}` : who}</dd>
          </div>
          {median ? (
            <div className={styles.summaryItem}>
              <dt className={styles.term}>Median response</dt>
              <dd className={styles.definition}>{median}</dd>
            </div>
          ) : null}
        </dl>
        {call.offline_voice ? (
          <Banner
            tone="warning"
            title={callTexts.offlineVoice}
            message={callTexts.offlineVoiceNote}
          />
        ) : null}
        {call.transcript.length === 0 ? (
          <p className={styles.muted}>{callTexts.noTurns}</p>
        ) : (
          <ol className={styles.turns} aria-label={callTexts.transcript}>
            {call.transcript.map((turn) => (
              <Turn key={turn.id} turn={turn} timeZone={timeZone} locale={locale} />
            ))}
          </ol>
        )}
      </>
    );
  }

  return (
    <Card title={title} headingLevel={headingLevel} id={id} actions={back}>
      <div className={styles.stack} aria-busy={loading || undefined}>
        <MakeTestResult error={makeTestError} />
        {body}
      </div>
    </Card>
  );
}
