import { forwardRef, useId, type HTMLAttributes, type ReactNode } from 'react';
import { visuallyHidden } from '../../theme/focus.css';
import * as styles from './StatCard.css';
import { Inline } from '../Inline';

export interface StatCardProps extends Omit<HTMLAttributes<HTMLDivElement>, 'role'> {
  /** e.g. 'Total Agents'. Names the card and its progress bar. */
  label: string;
  value: ReactNode;
  /** Shows '...' in place of the value (announced as 'Loading'). */
  loading?: boolean;
  hint?: ReactNode;
  /** Decorative icon in the corner (hidden from assistive tech). */
  icon?: ReactNode;
  /** 0..100: renders a progress bar labelled by `label` (values are clamped). */
  progress?: number;
}

export function clampPercent(value: number): number {
  if (Number.isNaN(value)) return 0;
  return Math.min(100, Math.max(0, value));
}

/** A single dashboard figure (label, big value, optional hint and progress bar). */
export const StatCard = forwardRef<HTMLDivElement, StatCardProps>(function StatCard(
  { label, value, loading = false, hint, icon, progress, className, ...rest },
  ref,
) {
  const labelId = useId();
  return (
    <div
      {...rest}
      ref={ref}
      role="group"
      aria-labelledby={labelId}
      className={[styles.card, className].filter(Boolean).join(' ')}
    >
      <Inline align="spaceBetween" wrap={false}>
        <p id={labelId} className={styles.label}>
          {label}
        </p>
        {icon ? (
          <span className={styles.icon} aria-hidden="true">
            {icon}
          </span>
        ) : null}
      </Inline>
      <p className={styles.value} aria-busy={loading || undefined}>
        {loading ? (
          <>
            <span aria-hidden="true">...</span>
            <span className={visuallyHidden}>Loading</span>
          </>
        ) : (
          value
        )}
      </p>
      {hint ? <p className={styles.hint}>{hint}</p> : null}
      {progress !== undefined ? (
        <progress
          className={styles.progress}
          aria-labelledby={labelId}
          value={clampPercent(progress)}
          max={100}
        />
      ) : null}
    </div>
  );
});
