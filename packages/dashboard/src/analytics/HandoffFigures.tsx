import type { AgentAnalytics } from '@parley/api-client';
import { StatCard, Table } from '@parley/ui';
import { formatDuration, formatShare } from './analyticsFormat';
import * as styles from './analytics.css';

type Figures = AgentAnalytics['handoff_requests'];

/** Requests for a person in the period: how many, the share of conversations, time to a person. */
export function HandoffStats({ figures }: { figures: Figures }) {
  return (
    <>
      <StatCard
        label="Asked for a person"
        value={figures.total}
        hint={`${formatShare(figures.share)} of conversations · ${figures.by_agent} by the agent, ${figures.by_visitor} by visitors`}
      />
      <StatCard
        label="Time to a person"
        value={`p50 ${formatDuration(figures.time_to_person_s.p50)}`}
        hint={`p95 ${formatDuration(figures.time_to_person_s.p95)} · request → first member reply`}
      />
    </>
  );
}

/** The same by UTC day. */
export function HandoffsByDay({ figures, locale }: { figures: Figures; locale?: string }) {
  return (
    <section className={styles.block}>
      <h3 className={styles.heading}>Asked for a person, by day</h3>
      <Table
        caption="Requests for a person by day"
        captionHidden
        columns={[
          {
            key: 'day',
            header: 'Day (UTC)',
            isRowHeader: true,
            render: (r) =>
              new Date(r.day).toLocaleDateString(locale, {
                timeZone: 'UTC',
                month: 'short',
                day: 'numeric',
              }),
          },
          { key: 'requests', header: 'Requests', align: 'end' },
          {
            key: 'share',
            header: 'Share of conversations',
            align: 'end',
            render: (r) => formatShare(r.share),
          },
          {
            key: 'p50',
            header: 'Time to a person p50',
            align: 'end',
            render: (r) => formatDuration(r.time_to_person_s.p50),
          },
          {
            key: 'p95',
            header: 'p95',
            align: 'end',
            render: (r) => formatDuration(r.time_to_person_s.p95),
          },
        ]}
        rows={figures.by_day}
        rowKey={(r) => r.day}
        emptyState="Nobody asked for a person in this period"
      />
    </section>
  );
}
