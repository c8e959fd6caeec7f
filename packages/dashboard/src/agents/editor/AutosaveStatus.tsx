import { autosaveStatusText, type AutosaveSnapshot } from './autosave';
import * as styles from './editor.css';

export interface AutosaveStatusProps extends Pick<
  AutosaveSnapshot,
  'status' | 'dirty' | 'error' | 'lastSavedAt'
> {
  /** 'Not saved: {field} {reason}': the field that cannot be saved (the others still save). */
  blockedText?: string | null;
  /** Formats the last save time (default: the locale's time of day). */
  formatTime?: (time: number) => string;
  className?: string;
}

const defaultFormatTime = (time: number) =>
  new Date(time).toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

/**
 * The auto-save status strip (spec §2, §4): 'Ready', 'Unsaved changes', 'Auto-saving...',
 * 'All changes saved', 'Changes detected' or 'Save failed: {error}', and the time of the last
 * save. A polite live region, so screen readers hear the state change.
 */
export function AutosaveStatus({
  status,
  dirty,
  error,
  lastSavedAt,
  blockedText,
  formatTime = defaultFormatTime,
  className,
}: AutosaveStatusProps) {
  return (
    <div
      role="status"
      aria-label="Auto-save status"
      data-state={status}
      data-dirty={dirty || undefined}
      className={[styles.statusStrip, className].filter(Boolean).join(' ')}
    >
      <span className={styles.statusDot} aria-hidden="true" />
      <span className={styles.statusText}>{autosaveStatusText({ status, dirty, error })}</span>
      {blockedText ? (
        <span className={styles.statusBlocked} data-blocked>
          {blockedText}
        </span>
      ) : null}
      {lastSavedAt !== null ? (
        <span className={styles.lastSaved}>
          Last saved{' '}
          <time dateTime={new Date(lastSavedAt).toISOString()}>{formatTime(lastSavedAt)}</time>
        </span>
      ) : null}
    </div>
  );
}
