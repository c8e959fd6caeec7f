import { RetryBanner, Spinner } from '@parley/ui';
import * as styles from './knowledge.css';

export interface LoadStateProps {
  /** The failure to show (with Retry when `onRetry` is given). */
  error?: string | null;
  onRetry?: () => void;
  loading?: boolean;
  /** What is loading, e.g. 'Loading segments...'. */
  loadingLabel: string;
}

/** The error banner (with Retry) and the loading spinner the knowledge lists share. */
export function LoadState({ error, onRetry, loading, loadingLabel }: LoadStateProps) {
  return (
    <>
      {error ? <RetryBanner title={error} onRetry={onRetry} /> : null}
      {loading ? (
        <div className={styles.stateBox}>
          <Spinner label={loadingLabel} showLabel />
        </div>
      ) : null}
    </>
  );
}
