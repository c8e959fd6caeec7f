import { agentVersionName, type VoiceCall } from '@parley/api-client';
import { Badge, Button, Card, EmptyState, RetryBanner, Table, type TableColumn } from '@parley/ui';
import {
  callEndText,
  callSourceLabel,
  callTexts,
  formatCallDuration,
  formatCallStart,
} from './callFormat';
import * as styles from './calls.css';

export interface CallListViewProps {
  /** The agent's calls, newest first (as the server answers). */
  calls: VoiceCall[];
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** Opens a call's transcript. */
  onOpen: (conversationId: string) => void;
  headingLevel?: 2 | 3;
  /** Card title (default 'Calls'). */
  title?: string;
  /** Time zone and locale of the start times (default: the reader's). */
  timeZone?: string;
  locale?: string;
  id?: string;
}

/**
 * The agent's call log (issue 14 §5): start time, duration, where the caller was (browser,
 * widget, phone), who ended it and why, and the offline voice flag; Open shows the transcript.
 * A view: props in, events out.
 */
export function CallListView({
  calls,
  loading = false,
  error,
  onRetry,
  onOpen,
  headingLevel = 2,
  title = callTexts.heading,
  timeZone,
  locale,
  id,
}: CallListViewProps) {
  const when = (call: VoiceCall) => formatCallStart(call.started_at, { timeZone, locale });
  const columns: TableColumn<VoiceCall>[] = [
    { key: 'started', header: 'Started', isRowHeader: true, render: when },
    {
      key: 'duration',
      header: 'Duration',
      align: 'end',
      render: (call) => formatCallDuration(call.duration_seconds),
    },
    {
      key: 'source',
      header: 'From',
      render: (call) => (
        <span className={styles.cellStack}>
          <span>{callSourceLabel(call)}</span>
          {call.from ? <span className={styles.muted}>{call.from}</span> : null}
        </span>
      ),
    },
    {
      key: 'ended',
      header: 'Ended',
      render: (call) => {
        const { who, why } = callEndText(call);
        return (
          <span className={styles.cellStack}>
            {call.ended_at ? <span>{who}</span> : <Badge tone="info">{who}</Badge>}
            {why ? <span className={styles.muted}>{why}</span> : null}
          </span>
        );
      },
    },
    {
      key: 'version',
      header: 'Version',
      render: (call) => agentVersionName(call.agent_version) ?? '',
    },
    {
      key: 'voice',
      header: 'Voice',
      render: (call) =>
        call.offline_voice ? <Badge tone="warning">{callTexts.offlineVoice}</Badge> : null,
    },
    { key: 'turns', header: 'Turns', align: 'end', render: (call) => call.turns },
    {
      key: 'open',
      header: <span className={styles.muted}>Transcript</span>,
      align: 'end',
      render: (call) => (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onOpen(call.conversation_id)}
          aria-label={`Open the call of ${when(call)}`}
        >
          {callTexts.open}
        </Button>
      ),
    },
  ];

  return (
    <Card title={title} headingLevel={headingLevel} id={id}>
      {error ? (
        <RetryBanner title={callTexts.loadFailed} message={error} onRetry={onRetry} />
      ) : (
        <Table
          caption={`${title}, newest first`}
          captionHidden
          columns={columns}
          rows={calls}
          rowKey={(call) => call.conversation_id}
          loading={loading}
          loadingLabel={callTexts.loading}
          stackOnPhone
          emptyState={<EmptyState title={callTexts.empty} hint={callTexts.emptyHint} />}
        />
      )}
    </Card>
  );
}
