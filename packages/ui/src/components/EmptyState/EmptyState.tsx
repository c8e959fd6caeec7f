import { forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import * as styles from './EmptyState.css';

export type EmptyStateHeadingLevel = 2 | 3 | 4;

export interface EmptyStateProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  /** e.g. 'No agents found'. */
  title: ReactNode;
  /** e.g. 'Create your first AI agent to get started!'. */
  hint?: ReactNode;
  /** A call to action, usually a Button. */
  action?: ReactNode;
  /** A decorative icon above the title (hidden from assistive tech). */
  icon?: ReactNode;
  /** Render the title as a heading of this level instead of a paragraph. */
  headingLevel?: EmptyStateHeadingLevel;
}

/** What a list or panel shows when it has nothing in it: title, optional hint and action. */
export const EmptyState = forwardRef<HTMLDivElement, EmptyStateProps>(function EmptyState(
  { title, hint, action, icon, headingLevel, className, ...rest },
  ref,
) {
  const Title = headingLevel ? (`h${headingLevel}` as const) : 'p';
  return (
    <div {...rest} ref={ref} className={[styles.root, className].filter(Boolean).join(' ')}>
      {icon ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <Title className={styles.title}>{title}</Title>
      {hint ? <p className={styles.hint}>{hint}</p> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
});
