import type { AgentAnalytics, AnalyticsPeriod } from '@parley/api-client';
import { Banner, Button, EmptyState, Select, Spinner, StatCard, Table } from '@parley/ui';
import { HandoffsByDay, HandoffStats } from './HandoffFigures';
import {
  analyticsPeriods,
  channelsOf,
  endReasonLabel,
  formatDuration,
  formatMs,
  formatShare,
  formatUtc,
  seriesRows,
  unansweredReasonLabels,
} from './analyticsFormat';
import { ChannelChart } from './ChannelChart';
import * as styles from './analytics.css';
import * as slotStyles from './slot.css';

export const analyticsTexts = {
  period: 'Period',
  version: 'Version',
  loading: 'Loading analytics...',
  loadFailed: 'Failed to load analytics',
  retry: 'Retry',
  empty: 'No conversations in this period',
  emptyHint: 'Chat with the agent or call it: its conversations are counted here.',
  addToKnowledge: 'Add to knowledge',
  copied: 'Copied: paste it into a knowledge base’s Text Content and write the answer.',
  copyFailed: 'Could not copy: select the question and copy it.',
} as const;

export interface AnalyticsViewProps {
  analytics: AgentAnalytics | null;
  loading?: boolean;
  error?: string | null;
  period: AnalyticsPeriod;
  onPeriodChange: (period: AnalyticsPeriod) => void;
  /** The agent version the figures are limited to ('all', '3', 'draft'). */
  version?: string;
  /** The versions to choose from (none: no version filter, the agent was never published). */
  versionItems?: Array<{ value: string; label: string }>;
  onVersionChange?: (version: string) => void;
  onRetry?: () => void;
  /** 'Add to knowledge' on an unanswered question. */
  onAddToKnowledge: (question: string) => void;
  /** What the last 'Add to knowledge' did. */
  addNotice?: { tone: 'success' | 'error'; message: string } | null;
  /** The Knowledge Base tab (linked beside the notice). */
  knowledgeHref?: string;
  /** Start the charts as tables (stories, tests). */
  initialTable?: boolean;
  locale?: string;
}

/**
 * An agent's analytics for 24 h / 7 d / 30 d: conversations and messages by channel over time,
 * answered without error, handoffs, model and voice latency, calls, knowledge retrieved most and
 * never, and the questions it could not answer (each one can be copied into knowledge).
 */
export function AnalyticsView({
  analytics: a,
  loading = false,
  error = null,
  period,
  onPeriodChange,
  version = 'all',
  versionItems = [],
  onVersionChange,
  onRetry,
  onAddToKnowledge,
  addNotice = null,
  knowledgeHref,
  initialTable = false,
  locale = 'en-US',
}: AnalyticsViewProps) {
  const picker = (
    <div className={styles.row}>
      <div className={styles.row} role="group" aria-label={analyticsTexts.period}>
        {analyticsPeriods.map((p) => (
          <Button
            key={p.value}
            size="sm"
            variant={p.value === period ? 'primary' : 'secondary'}
            aria-pressed={p.value === period}
            onClick={() => onPeriodChange(p.value)}
          >
            {p.label}
          </Button>
        ))}
      </div>
      {versionItems.length && onVersionChange ? (
        <Select
          label={analyticsTexts.version}
          value={version}
          onValueChange={onVersionChange}
          items={versionItems}
        />
      ) : null}
    </div>
  );
  if (error)
    return (
      <div className={styles.stack}>
        {picker}
        <Banner tone="error" title={analyticsTexts.loadFailed} message={error} />
        {onRetry ? (
          <div>
            <Button variant="secondary" onClick={onRetry}>
              {analyticsTexts.retry}
            </Button>
          </div>
        ) : null}
      </div>
    );
  if (loading || !a)
    return (
      // Keeps the room of the figures (as the slot did before the code came).
      <div className={`${styles.stack} ${slotStyles.placeholder}`}>
        {picker}
        <Spinner label={analyticsTexts.loading} />
      </div>
    );
  if (
    a.totals.messages === 0 &&
    a.calls.count === 0 &&
    a.handoffs.total === 0 &&
    a.handoff_requests.total === 0
  )
    return (
      <div className={styles.stack}>
        {picker}
        <EmptyState title={analyticsTexts.empty} hint={analyticsTexts.emptyHint} headingLevel={3} />
      </div>
    );

  const channels = channelsOf(a);
  const t = a.totals;
  return (
    <div className={styles.stack}>
      {picker}
      <p className={styles.muted}>
        Since {formatUtc(a.from, locale)}, by {a.bucket === 'hour' ? 'hour' : 'day'}.
      </p>
      <div className={styles.stats}>
        <StatCard label="Conversations" value={t.conversations} />
        <StatCard label="Messages" value={t.messages} />
        <StatCard
          label="Answered without error"
          value={formatShare(t.answered_share)}
          hint={`${t.answered_without_error} of ${t.agent_answers} answers`}
        />
        <StatCard label="Handoffs" value={a.handoffs.total} hint="Taken over by a member" />
        <HandoffStats figures={a.handoff_requests} />
        <StatCard
          label="Model time to first token"
          value={`p50 ${formatMs(a.model_ttft_ms.p50)}`}
          hint={`p95 ${formatMs(a.model_ttft_ms.p95)}`}
        />
        <StatCard
          label="Voice: end of speech → first audio"
          value={`p50 ${formatMs(a.voice_latency_ms.p50)}`}
          hint={`p95 ${formatMs(a.voice_latency_ms.p95)}`}
        />
        <StatCard
          label="Calls"
          value={a.calls.count}
          hint={`${formatDuration(a.calls.duration_s.total)} in all`}
        />
      </div>
      <div className={styles.grid}>
        <ChannelChart
          title="Conversations by channel"
          rows={seriesRows(a, 'conversations', locale)}
          channels={channels}
          initialTable={initialTable}
        />
        <ChannelChart
          title="Messages by channel"
          rows={seriesRows(a, 'messages', locale)}
          channels={channels}
          initialTable={initialTable}
        />
      </div>
      <div className={styles.grid}>
        <section className={styles.block}>
          <h3 className={styles.heading}>Handoffs</h3>
          <Table
            caption="Handoffs by member"
            captionHidden
            columns={[
              { key: 'name', header: 'Taken over by', isRowHeader: true },
              { key: 'count', header: 'Times', align: 'end' },
            ]}
            rows={a.handoffs.by_member}
            rowKey={(r) => r.user_id}
            emptyState="No member took a conversation over"
          />
        </section>
        <HandoffsByDay figures={a.handoff_requests} locale={locale} />
        <section className={styles.block}>
          <h3 className={styles.heading}>Calls</h3>
          <p className={styles.muted}>
            Duration p50 {formatDuration(a.calls.duration_s.p50)}, p95{' '}
            {formatDuration(a.calls.duration_s.p95)}
          </p>
          <Table
            caption="Calls by end reason"
            captionHidden
            columns={[
              {
                key: 'reason',
                header: 'End reason',
                isRowHeader: true,
                render: (r) => endReasonLabel(r.reason),
              },
              { key: 'count', header: 'Calls', align: 'end' },
            ]}
            rows={a.calls.end_reasons}
            rowKey={(r) => r.reason}
            emptyState="No calls in this period"
          />
        </section>
      </div>
      <div className={styles.grid}>
        <section className={styles.block}>
          <h3 className={styles.heading}>Knowledge retrieved most</h3>
          <Table
            caption="Knowledge segments retrieved most"
            captionHidden
            columns={[
              { key: 'excerpt', header: 'Segment', isRowHeader: true },
              { key: 'document', header: 'Document' },
              { key: 'hits', header: 'Retrieved', align: 'end' },
            ]}
            rows={a.knowledge.most_retrieved}
            rowKey={(r) => r.segment_id}
            emptyState="No segment retrieved yet"
          />
        </section>
        <section className={styles.block}>
          <h3 className={styles.heading}>Never retrieved ({a.knowledge.never_retrieved_count})</h3>
          <Table
            caption="Knowledge segments never retrieved"
            captionHidden
            columns={[
              { key: 'excerpt', header: 'Segment', isRowHeader: true },
              { key: 'document', header: 'Document' },
            ]}
            rows={a.knowledge.never_retrieved}
            rowKey={(r) => r.segment_id}
            emptyState="Every segment was retrieved at least once"
          />
        </section>
      </div>
      <section className={styles.block}>
        <h3 className={styles.heading}>Questions the agent could not answer</h3>
        {addNotice ? (
          <Banner
            tone={addNotice.tone}
            title={addNotice.tone === 'success' ? 'Copied' : 'Error'}
            message={
              <>
                {addNotice.message}{' '}
                {knowledgeHref && addNotice.tone === 'success' ? (
                  <a className={styles.link} href={knowledgeHref}>
                    Open the Knowledge Base
                  </a>
                ) : null}
              </>
            }
          />
        ) : null}
        {a.unanswered.length ? (
          <ul className={styles.list}>
            {a.unanswered.map((u) => (
              <li key={`${u.conversation_id}-${u.created_at}`} className={styles.listItem}>
                <div>
                  <p className={styles.question}>{u.question || '(no question stored)'}</p>
                  <p className={styles.muted}>
                    {unansweredReasonLabels[u.reason]} · {formatUtc(u.created_at, locale)}
                  </p>
                </div>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={!u.question}
                  onClick={() => onAddToKnowledge(u.question)}
                  aria-label={`${analyticsTexts.addToKnowledge}: ${u.question}`}
                >
                  {analyticsTexts.addToKnowledge}
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.muted}>The agent answered every question of this period.</p>
        )}
      </section>
    </div>
  );
}
