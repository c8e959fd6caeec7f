import {
  Line,
  LineChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { OutcomeAnalytics } from '@parley/api-client';
import { Banner, EmptyState, Spinner, StatCard, Table } from '@parley/ui';
import { fieldLabel, fieldValueText } from './outcomeFormat';
import * as styles from './outcomes.css';
import { chartAxis, chartGrid, chartMargin } from '../styles/chart';

/** A share as a percentage ('50%', '66.7%'), or '—' without any. */
export function percent(share: number | null): string {
  if (share === null) return '—';
  const pct = share * 100;
  return `${Number.isInteger(pct) ? pct.toFixed(0) : pct.toFixed(1)}%`;
}

export const figuresTexts = {
  heading: 'Outcomes',
  loading: 'Loading outcomes...',
  failed: 'The outcomes could not be loaded',
  empty: 'No outcomes in this period',
  emptyHint:
    'Conversations are analysed when they end, once the agent has an outcome plan (its Outcomes section).',
  successRate: 'Success rate',
  successOverTime: 'Success rate over time',
  analysed: 'Analysed',
  notAnalysed: 'Skipped or failed',
  tags: 'Tags',
} as const;

export interface OutcomeFiguresProps {
  analytics: OutcomeAnalytics | null;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  locale?: string;
}

type FieldFigures = OutcomeAnalytics['fields'][number];

function FieldTable({ field }: { field: FieldFigures }) {
  const rows = field.values.map((v) => ({ ...v, key: String(v.value) }));
  return (
    <section className={styles.stack} aria-label={`Field ${field.name}`}>
      <h4 className={styles.heading}>
        {fieldLabel(field.name)} <span className={styles.muted}>({field.filled} filled)</span>
      </h4>
      {field.numbers ? (
        <p className={styles.muted}>
          From {field.numbers.min} to {field.numbers.max} · mean {field.numbers.mean} · median{' '}
          {field.numbers.median}
        </p>
      ) : null}
      <Table
        caption={`Most frequent values of ${field.name}`}
        captionHidden
        rowKey={(r) => r.key}
        rows={rows}
        emptyState="Never filled in this period"
        columns={[
          {
            key: 'value',
            header: 'Value',
            isRowHeader: true,
            render: (r) => fieldValueText(r.value),
          },
          { key: 'count', header: 'Conversations', align: 'end' },
          {
            key: 'share',
            header: 'Share',
            align: 'end',
            render: (r) => percent(field.filled ? r.count / field.filled : null),
          },
        ]}
      />
    </section>
  );
}

/**
 * The Analytics tab's outcomes: the success rate in the period and over time (a chart, and its
 * table for screen readers), each field's distribution and the tags. A view.
 */
export function OutcomeFigures({
  analytics,
  loading,
  error,
  onRetry,
  locale,
}: OutcomeFiguresProps) {
  const body = () => {
    if (error)
      return (
        <Banner
          tone="error"
          title={figuresTexts.failed}
          message={error}
          action={onRetry ? { label: 'Retry', onClick: onRetry } : undefined}
        />
      );
    if (loading || !analytics) return <Spinner label={figuresTexts.loading} showLabel />;
    const { totals } = analytics;
    if (!totals.done && !totals.skipped && !totals.failed)
      return <EmptyState title={figuresTexts.empty} hint={figuresTexts.emptyHint} />;
    const label = (at: string) =>
      new Date(at).toLocaleString(locale, {
        timeZone: 'UTC',
        month: 'short',
        day: 'numeric',
        ...(analytics.bucket === 'hour' ? { hour: '2-digit' } : {}),
      });
    const series = analytics.success_series.map((b) => ({
      ...b,
      label: label(b.at),
      pct: b.rate === null ? null : Math.round(b.rate * 1000) / 10,
    }));
    return (
      <>
        <div className={styles.stats}>
          <StatCard
            label={figuresTexts.successRate}
            value={percent(totals.success_rate)}
            hint={`${totals.succeeded} of ${totals.evaluated} evaluated`}
            progress={totals.success_rate === null ? undefined : totals.success_rate * 100}
          />
          <StatCard label={figuresTexts.analysed} value={totals.done} />
          <StatCard
            label={figuresTexts.notAnalysed}
            value={totals.skipped + totals.failed}
            hint={`${totals.skipped} skipped · ${totals.failed} failed`}
          />
        </div>
        <div className={styles.stack}>
          <h4 className={styles.heading}>{figuresTexts.successOverTime}</h4>
          {series.length ? (
            <div className={styles.chart} aria-hidden="true" data-testid="success-chart">
              <ResponsiveContainer width="100%" height="100%">
                <LineChart accessibilityLayer={false} data={series} margin={chartMargin}>
                  <CartesianGrid {...chartGrid} />
                  <XAxis dataKey="label" {...chartAxis} />
                  <YAxis domain={[0, 100]} unit="%" {...chartAxis} />
                  <Tooltip />
                  <Line type="monotone" dataKey="pct" name="Success" stroke="#10b981" />
                </LineChart>
              </ResponsiveContainer>
            </div>
          ) : null}
          <Table
            caption={figuresTexts.successOverTime}
            captionHidden
            rowKey={(r) => r.at}
            rows={series}
            emptyState="No success evaluation in this period"
            columns={[
              { key: 'label', header: 'Time (UTC)', isRowHeader: true },
              { key: 'evaluated', header: 'Evaluated', align: 'end' },
              { key: 'succeeded', header: 'Succeeded', align: 'end' },
              { key: 'rate', header: 'Rate', align: 'end', render: (r) => percent(r.rate) },
            ]}
          />
        </div>
        {analytics.fields.map((field) => (
          <FieldTable key={field.name} field={field} />
        ))}
        <div className={styles.stack}>
          <h4 className={styles.heading}>{figuresTexts.tags}</h4>
          <Table
            caption={figuresTexts.tags}
            captionHidden
            rowKey={(r) => r.tag}
            rows={analytics.tags}
            emptyState="No tags in this period"
            columns={[
              { key: 'tag', header: 'Tag', isRowHeader: true },
              { key: 'count', header: 'Conversations', align: 'end' },
            ]}
          />
        </div>
      </>
    );
  };
  return (
    <section className={styles.figures} aria-label={figuresTexts.heading}>
      <h3 className={styles.heading}>{figuresTexts.heading}</h3>
      {body()}
    </section>
  );
}
