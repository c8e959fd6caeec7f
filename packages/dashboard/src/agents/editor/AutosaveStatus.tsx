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
 * save. While a field cannot be saved, 'Not saved: {field} {reason}' is said instead of 'Ready',
 * 'Unsaved changes', 'All changes saved' or 'Changes detected'. A polite live region, so screen
 * readers hear the state change.
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
  const text = autosaveStatusText({ status, dirty, error }, blockedText);
  // 'Not saved: …' stands in place of 'All changes saved' (never beside it).
  const blocked = Boolean(blockedText) && text === blockedText;
  return (
    <div
      role="status"
      aria-label="Auto-save status"
      data-state={blocked ? 'blocked' : status}
      data-dirty={(dirty && !blocked) || undefined}
      className={[styles.statusStrip, className].filter(Boolean).join(' ')}
    >
      <span className={styles.statusDot} aria-hidden="true" />
      <span
        className={blocked ? styles.statusBlocked : styles.statusText}
        data-blocked={blocked || undefined}
      >
        {text}
      </span>
      {lastSavedAt !== null ? (
        <span className={styles.lastSaved}>
          Last saved{' '}
          <time dateTime={new Date(lastSavedAt).toISOString()}>{formatTime(lastSavedAt)}</time>
        </span>
      ) : null}
    </div>
  );
}
