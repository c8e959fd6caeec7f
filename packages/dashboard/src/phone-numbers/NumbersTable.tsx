import type { ReactNode } from 'react';
import { Banner, EmptyState, Table, type TableColumn } from '@parley/ui';
import type { PhoneNumber } from '@parley/api-client';

export interface NumbersTableProps {
  /** The caption, for screen readers (the screen's heading says it visibly). */
  caption: string;
  columns: TableColumn<PhoneNumber>[];
  /** The numbers to show (already filtered). */
  rows: readonly PhoneNumber[];
  loading?: boolean;
  /** Why the numbers could not be loaded: shown instead of the table, with Retry. */
  error?: string | null;
  onRetry?: () => void;
  emptyTitle: string;
  emptyHint: ReactNode;
  stackOnPhone?: boolean;
}

/**
 * The numbers table of the Phone Numbers, SMS and WhatsApp screens: the error with Retry when
 * the numbers could not be loaded, else the table with its loading and empty states.
 */
export function NumbersTable(props: NumbersTableProps) {
  if (props.error) {
    return (
      <Banner
        tone="error"
        title={props.error}
        action={props.onRetry ? { label: 'Retry', onClick: props.onRetry } : undefined}
      />
    );
  }
  return (
    <Table
      caption={props.caption}
      captionHidden
      columns={props.columns}
      rows={props.rows}
      rowKey={(r) => r.phone_id || r.phone_number}
      loading={props.loading}
      loadingLabel="Loading phone numbers..."
      stackOnPhone={props.stackOnPhone}
      emptyState={<EmptyState title={props.emptyTitle} hint={props.emptyHint} headingLevel={2} />}
    />
  );
}
