import { useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ConversationChannelName } from '@parley/api-client';
import { Switch, Table, type TableColumn } from '@parley/ui';
import { channelLabels, type SeriesRow } from './analyticsFormat';
import * as styles from './analytics.css';
import { chartAxis, chartGrid, chartMargin } from '../styles/chart';

/** One colour per channel, readable on the light and the dark theme alike. */
export const channelColors: Record<ConversationChannelName, string> = {
  chat: '#3b82f6',
  voice: '#10b981',
  sms: '#f59e0b',
  whatsapp: '#a855f7',
  email: '#ef4444',
};

export interface ChannelChartProps {
  title: string;
  rows: SeriesRow[];
  channels: ConversationChannelName[];
  /** Start with the table instead of the chart. */
  initialTable?: boolean;
}

/**
 * A stacked bar chart of counts per bucket and channel, with its table: the 'Table' switch shows
 * it instead of the chart, and screen readers always read the table (the chart is hidden from them).
 */
export function ChannelChart({ title, rows, channels, initialTable = false }: ChannelChartProps) {
  const [table, setTable] = useState(initialTable);
  const columns: Array<TableColumn<SeriesRow>> = [
    { key: 'label', header: 'Time (UTC)', isRowHeader: true },
    ...channels.map((c) => ({
      key: c,
      header: channelLabels[c],
      align: 'end' as const,
      render: (r: SeriesRow) => r.counts[c] ?? 0,
    })),
    { key: 'total', header: 'Total', align: 'end' },
  ];
  const data = rows.map((r) => ({ label: r.label, ...r.counts }));
  return (
    <div className={styles.block}>
      <div className={styles.blockHeader}>
        <h3 className={styles.heading}>{title}</h3>
        <Switch label="Table" checked={table} onCheckedChange={setTable} />
      </div>
      {table ? null : (
        <div className={styles.chart} aria-hidden="true" data-testid="channel-chart">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart accessibilityLayer={false} data={data} margin={chartMargin}>
              <CartesianGrid {...chartGrid} />
              <XAxis dataKey="label" {...chartAxis} />
              <YAxis allowDecimals={false} {...chartAxis} />
              <Tooltip />
              <Legend
                formatter={(value: string) => <span className={styles.legendLabel}>{value}</span>}
              />
              {channels.map((c) => (
                <Bar
                  key={c}
                  dataKey={c}
                  name={channelLabels[c]}
                  stackId="channels"
                  fill={channelColors[c]}
                  isAnimationActive={false}
                />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </div>
      )}
      <div className={table ? undefined : styles.visuallyHidden}>
        <Table
          caption={title}
          captionHidden
          columns={columns}
          rows={rows}
          rowKey={(r) => r.at}
          emptyState="Nothing in this period"
        />
      </div>
    </div>
  );
}
