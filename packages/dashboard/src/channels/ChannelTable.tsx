import type { ReactNode } from 'react';
import { EmptyState, Table, type TableColumn } from '@parley/ui';
import { friendlyPhoneNumber, type PhoneNumber } from '@parley/api-client';
import { RetryBanner } from './ChannelFrame';
import * as styles from './channel.css';

export interface ChannelTableProps<T> {
  /** The caption, for screen readers (the screen's heading says it visibly). */
  caption: string;
  columns: TableColumn<T>[];
  /** The rows to show (already filtered). */
  rows: readonly T[];
  rowKey: (row: T) => string;
  loading?: boolean;
  loadingLabel: string;
  /** Why the rows could not be loaded: shown instead of the table, with Retry. */
  error?: string | null;
  onRetry?: () => void;
  emptyTitle: string;
  emptyHint: ReactNode;
  stackOnPhone?: boolean;
}

/**
 * The table of the Phone Numbers, SMS, WhatsApp and Email screens (numbers or mailboxes): the
 * error with Retry when they could not be loaded, else the table with its loading and empty
 * states.
 */
export function ChannelTable<T>(props: ChannelTableProps<T>) {
  if (props.error) return <RetryBanner error={props.error} onRetry={props.onRetry} />;
  return (
    <Table
      caption={props.caption}
      captionHidden
      columns={props.columns}
      rows={props.rows}
      rowKey={props.rowKey}
      loading={props.loading}
      loadingLabel={props.loadingLabel}
      stackOnPhone={props.stackOnPhone}
      emptyState={<EmptyState title={props.emptyTitle} hint={props.emptyHint} headingLevel={2} />}
    />
  );
}

/** The numbers tables' row key and loading line. */
export const numberRowKey = (r: PhoneNumber) => r.phone_id || r.phone_number;
export const numbersLoadingLabel = 'Loading phone numbers...';

/** The first two columns of every numbers table: the number, then its friendly name. */
export const numberColumns: Array<TableColumn<PhoneNumber>> = [
  {
    key: 'number',
    header: 'Number',
    isRowHeader: true,
    render: (row) => <span className={styles.numberText}>{row.phone_number}</span>,
  },
  {
    key: 'friendly',
    header: 'Friendly Name',
    render: (row) => row.friendly_name || friendlyPhoneNumber(row.phone_number),
  },
];
