import { useId, type ReactNode, type Ref } from 'react';
import { visuallyHidden } from '../../theme/focus.css';
import { Spinner } from '../Spinner';
import * as styles from './Table.css';
import type { tableAligns } from './Table.css';

export type TableAlign = (typeof tableAligns)[number];

export interface TableColumn<Row> {
  /** Unique per column; without `render` the cell shows `row[key]`. */
  key: string;
  header: ReactNode;
  /** Cell content for a row. */
  render?: (row: Row) => ReactNode;
  /** Text alignment of the header and cells (default 'start'; numbers usually 'end'). */
  align?: TableAlign;
  /** Render this column's cells as row headers (`<th scope="row">`), e.g. the name column. */
  isRowHeader?: boolean;
  /**
   * On a stacked card (phones), label the cell with the column's header (default). `false` for a
   * column of buttons that name themselves (Actions, Unassign): no bare header above them.
   */
  labelWhenStacked?: boolean;
}

export interface TableProps<Row> {
  columns: ReadonlyArray<TableColumn<Row>>;
  rows: ReadonlyArray<Row>;
  /** Stable React key for a row (e.g. its id). */
  rowKey: (row: Row) => string | number;
  /** Names the table (and its scroll region). Required for screen-reader users. */
  caption: ReactNode;
  /** Keep the caption for assistive tech but hide it visually (when a heading is already shown). */
  captionHidden?: boolean;
  /** Shown in one full-width cell when `rows` is empty and not loading. */
  emptyState?: ReactNode;
  /** Adds a full-width row with a Spinner and marks the table aria-busy. */
  loading?: boolean;
  /** Spinner label while loading. Default 'Loading'. */
  loadingLabel?: string;
  className?: string;
  /**
   * On phones (≤ 640 px) each row becomes a stacked card, each cell labelled by its column's
   * header (string headers), instead of a table that breaks words or scrolls sideways.
   */
  stackOnPhone?: boolean;
  /** React 19 ref-as-prop: the `<table>` element. */
  ref?: Ref<HTMLTableElement>;
}

function defaultCell<Row>(row: Row, key: string): ReactNode {
  const value = (row as Record<string, unknown>)[key];
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return null;
}

/**
 * A data table with a caption, column headers (`scope="col"`), optional row headers, per-column
 * alignment, an empty state and a loading row. It sits in a labelled, keyboard-scrollable region
 * so wide tables stay usable on small screens.
 */
export function Table<Row>({
  columns,
  rows,
  rowKey,
  caption,
  captionHidden = false,
  emptyState,
  loading = false,
  loadingLabel = 'Loading',
  className,
  stackOnPhone = false,
  ref,
}: TableProps<Row>) {
  const captionId = useId();
  const span = Math.max(columns.length, 1);
  return (
    <div
      className={[styles.scroller, className].filter(Boolean).join(' ')}
      role="region"
      aria-labelledby={captionId}
      // Focusable so keyboard users can scroll a table wider than the screen.
      tabIndex={0}
    >
      <table
        ref={ref}
        className={styles.table}
        aria-busy={loading || undefined}
        data-stack={stackOnPhone || undefined}
      >
        <caption id={captionId} className={captionHidden ? visuallyHidden : styles.caption}>
          {caption}
        </caption>
        <thead>
          <tr className={styles.headRow}>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                data-align={column.align ?? 'start'}
                className={styles.cell({ align: column.align, kind: 'header' })}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={styles.row}>
              {columns.map((column) => {
                const content = column.render ? column.render(row) : defaultCell(row, column.key);
                const label =
                  typeof column.header === 'string' && column.labelWhenStacked !== false
                    ? column.header
                    : undefined;
                return column.isRowHeader ? (
                  <th
                    key={column.key}
                    scope="row"
                    data-label={label}
                    data-align={column.align ?? 'start'}
                    className={styles.cell({ align: column.align, kind: 'rowHeader' })}
                  >
                    {content}
                  </th>
                ) : (
                  <td
                    key={column.key}
                    data-label={label}
                    data-align={column.align ?? 'start'}
                    className={styles.cell({ align: column.align })}
                  >
                    {content}
                  </td>
                );
              })}
            </tr>
          ))}
          {loading ? (
            <tr className={styles.row} data-row-kind="loading">
              <td colSpan={span} className={styles.fullWidthCell}>
                <Spinner label={loadingLabel} size="sm" showLabel />
              </td>
            </tr>
          ) : null}
          {!loading && rows.length === 0 && emptyState !== undefined ? (
            <tr className={styles.row} data-row-kind="empty">
              <td colSpan={span} className={styles.fullWidthCell}>
                {emptyState}
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
