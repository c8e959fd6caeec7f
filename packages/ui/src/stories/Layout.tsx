import type { ReactNode } from 'react';
import * as styles from './Layout.css';

/** Layout helpers for stories only (no inline style objects). */
export function Stack({ children }: { children: ReactNode }) {
  return <div className={styles.stack}>{children}</div>;
}

export function Row({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <div className={styles.stack}>
      {label ? <span className={styles.caption}>{label}</span> : null}
      <div className={styles.row}>{children}</div>
    </div>
  );
}
