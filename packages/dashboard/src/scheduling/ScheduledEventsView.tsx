import { useState, type ReactNode } from 'react';
import {
  Badge,
  Banner,
  Button,
  ConfirmDialog,
  EmptyState,
  SearchField,
  Select,
  Spinner,
} from '@parley/ui';
import { callOutcomes, scheduleMessages, type ScheduledEvent } from '@parley/api-client';
import {
  agentLabelOf,
  eventCountLabel,
  filterEvents,
  outcomeLabels,
  statusTone,
} from './scheduleForm';
import * as styles from './scheduling.css';

export interface SchedulingNotice {
  tone: 'success' | 'error';
  message: string;
}

export interface ScheduledEventsViewProps {
  events: readonly ScheduledEvent[];
  loading?: boolean;
  search: string;
  onSearchChange: (search: string) => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
  onCreate: () => void;
  onEdit: (event: ScheduledEvent) => void;
  /** Confirmed delete. */
  onDelete: (event: ScheduledEvent) => void;
  deleting?: boolean;
  /** The last create/update/delete outcome (§8), cleared after 5 s. */
  notice?: SchedulingNotice | null;
  onDismissNotice?: () => void;
  /** The circuit breaker paused dialling (since, why); Resume re-opens it. */
  dialingPaused?: { since: string; reason: string } | null;
  onResume?: () => void;
  /** Why this user may not resume (a member): no Resume, the reason said instead. */
  resumeDisabledReason?: string | null;
  resuming?: boolean;
  /** The organization dials into the sandbox: its outcome control is shown. */
  sandbox?: boolean;
  onSandboxOutcome?: (input: { phone_number: string; outcome: string }) => void;
  sandboxBusy?: boolean;
  /** An attempt's call opened in the call log (its transcript replaces the details). */
  onOpenCall?: (conversationId: string) => void;
  /** The opened call's transcript (rendered in the pane). */
  transcript?: ReactNode;
  /** Formats times (stories and tests pass a fixed zone). */
  timeZone?: string;
  /** The organization's agents' display names by id (an agent not in it shows its prefix). */
  agentNames?: ReadonlyMap<string, string>;
}

const when = (iso: string | null | undefined, timeZone?: string) =>
  iso
    ? new Date(iso).toLocaleString('en-US', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone,
      })
    : '—';

function StatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={statusTone(status)} dot data-status={status} className={styles.status}>
      {status}
    </Badge>
  );
}

function SandboxControl({
  phone,
  busy,
  onSet,
}: {
  phone: string;
  busy?: boolean;
  onSet: (input: { phone_number: string; outcome: string }) => void;
}) {
  const [outcome, setOutcome] = useState('answered');
  return (
    <div className={styles.sandbox} role="group" aria-label="Sandbox outcome">
      <Select
        label={`Sandbox: calls to ${phone}`}
        value={outcome}
        onValueChange={setOutcome}
        items={callOutcomes.map((o) => ({ value: o, label: outcomeLabels[o] ?? o }))}
      />
      <Button
        variant="secondary"
        size="sm"
        busy={busy}
        busyLabel="Saving..."
        onClick={() => onSet({ phone_number: phone, outcome })}
      >
        Set outcome
      </Button>
    </div>
  );
}

/**
 * The Scheduled Events view (spec §2, Outbound tab of Phone Numbers): the searchable list with its
 * count and Create Schedule, the selected event's details with Edit and Delete, its attempts (each
 * opening the call's transcript), the breaker's banner with Resume and, in the sandbox, the
 * outcome control for the event's number. Props in, events out.
 */
export function ScheduledEventsView(props: ScheduledEventsViewProps) {
  const { events, search, timeZone } = props;
  const [confirming, setConfirming] = useState<ScheduledEvent | null>(null);
  const agentName = (id: string) => agentLabelOf(id, props.agentNames);
  const visible = filterEvents(events, search, props.agentNames);
  const searching = search.trim().length > 0;
  const selected = events.find((e) => e.scheduled_id === props.selectedId) ?? null;

  let list: ReactNode;
  if (props.loading) list = <Spinner label="Loading scheduled events..." />;
  else if (!visible.length)
    list = (
      <EmptyState
        headingLevel={3}
        title={searching ? 'No events match your search' : 'No scheduled events found'}
      />
    );
  else
    list = (
      <ul className={styles.list} aria-label="Scheduled events">
        {visible.map((e) => (
          <li key={e.scheduled_id}>
            <button
              type="button"
              className={styles.item}
              data-selected={e.scheduled_id === props.selectedId}
              aria-pressed={e.scheduled_id === props.selectedId}
              onClick={() => props.onSelect(e.scheduled_id)}
            >
              <span className={styles.itemText}>
                <strong>{e.recipient_phone}</strong>
                <span className={styles.muted}>
                  {agentName(e.agent_id)} · {when(e.scheduled_time, timeZone)}
                </span>
              </span>
              <StatusBadge status={e.status} />
            </button>
          </li>
        ))}
      </ul>
    );

  let pane: ReactNode;
  if (props.transcript) pane = props.transcript;
  else if (!selected)
    pane = (
      <EmptyState
        headingLevel={3}
        title="Select a Scheduled Event"
        hint="Choose an event on the left to see its details and attempts."
      />
    );
  else {
    const rows: Array<[string, ReactNode]> = [
      ['Agent', agentName(selected.agent_id)],
      ['Recipient phone', selected.recipient_phone],
      ['Scheduled time', when(selected.scheduled_time, timeZone)],
      ['Status', <StatusBadge key="s" status={selected.status} />],
      ['Flexible time', `${selected.flexible_time_minutes} minutes`],
      ['Max retries', String(selected.max_retries)],
    ];
    if (selected.message_template) rows.push(['Message template', selected.message_template]);
    if (selected.status_reason) rows.push(['Note', selected.status_reason]);
    if (selected.status === 'scheduled' && selected.next_attempt_at)
      rows.push(['Next attempt', when(selected.next_attempt_at, timeZone)]);
    pane = (
      <>
        <div className={styles.listHeader}>
          <h3 className={styles.heading}>Scheduled Event</h3>
          <div className={styles.actions}>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => props.onEdit(selected)}
              disabled={selected.status !== 'scheduled'}
            >
              Edit
            </Button>
            <Button
              variant="danger"
              size="sm"
              onClick={() => setConfirming(selected)}
              disabled={selected.status === 'in_progress'}
            >
              Delete
            </Button>
          </div>
        </div>
        <dl className={styles.details}>
          {rows.map(([term, value]) => (
            <div key={term} style={{ display: 'contents' }}>
              <dt className={styles.term}>{term}</dt>
              <dd className={styles.value}>{value}</dd>
            </div>
          ))}
        </dl>
        <h4 className={styles.heading}>Attempts</h4>
        {selected.attempts.length ? (
          <ol className={styles.list} aria-label="Attempts">
            {selected.attempts.map((a) => (
              <li key={a.attempt} className={styles.attempt}>
                <strong>Attempt {a.attempt}</strong>
                <span>{when(a.started_at, timeZone)}</span>
                <Badge
                  tone={
                    a.outcome === 'answered' || a.outcome === 'voicemail'
                      ? 'success'
                      : a.outcome
                        ? 'danger'
                        : 'info'
                  }
                >
                  {a.outcome ? (outcomeLabels[a.outcome] ?? a.outcome) : 'Calling...'}
                </Badge>
                {a.duration_s !== null ? (
                  <span className={styles.muted}>{a.duration_s} s</span>
                ) : null}
                {a.error ? <span className={styles.muted}>{a.error}</span> : null}
                {a.conversation_id && props.onOpenCall ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => props.onOpenCall!(a.conversation_id!)}
                  >
                    Transcript
                  </Button>
                ) : null}
              </li>
            ))}
          </ol>
        ) : (
          <p className={styles.muted}>No attempts yet.</p>
        )}
        {props.sandbox && props.onSandboxOutcome ? (
          <SandboxControl
            key={selected.recipient_phone}
            phone={selected.recipient_phone}
            busy={props.sandboxBusy}
            onSet={props.onSandboxOutcome}
          />
        ) : null}
      </>
    );
  }

  return (
    <div className={styles.column}>
      {props.dialingPaused ? (
        <Banner
          tone="warning"
          title="Outbound dialling is paused"
          message={
            props.resumeDisabledReason
              ? `${props.dialingPaused.reason}. Scheduled calls wait until an owner or admin resumes. ${props.resumeDisabledReason}.`
              : `${props.dialingPaused.reason}. Scheduled calls wait until you resume.`
          }
          action={
            props.onResume && !props.resumeDisabledReason
              ? { label: props.resuming ? 'Resuming...' : 'Resume', onClick: props.onResume }
              : undefined
          }
          dismissible={false}
        />
      ) : null}
      {props.notice ? (
        <Banner
          key={props.notice.message}
          tone={props.notice.tone}
          title={props.notice.message}
          autoDismissMs={5000}
          onDismiss={props.onDismissNotice}
        />
      ) : null}
      <div className={styles.layout}>
        <section className={styles.column} aria-labelledby="scheduled-events-heading">
          <SearchField
            label="Search scheduled events"
            placeholder="Search by agent, phone or status..."
            value={search}
            onChange={props.onSearchChange}
          />
          <div className={styles.listHeader}>
            <div>
              <h2 id="scheduled-events-heading" className={styles.heading}>
                Scheduled Events
              </h2>
              <p className={styles.muted}>
                {eventCountLabel(visible.length, events.length, searching)}
              </p>
            </div>
            <Button onClick={props.onCreate}>Create Schedule</Button>
          </div>
          {list}
        </section>
        <section className={styles.pane} aria-label="Scheduled event details">
          {pane}
        </section>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title="Delete scheduled event"
        message={scheduleMessages.deleteConfirm}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={props.deleting}
        tone="danger"
        onConfirm={() => {
          if (confirming) props.onDelete(confirming);
          setConfirming(null);
        }}
      />
    </div>
  );
}
