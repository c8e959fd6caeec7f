import { Spinner } from '@parley/ui';
import * as styles from './App.css';

/**
 * While a route's code loads. index.html holds it prerendered (src/prerender.tsx), so a page of
 * the console paints at once; the app then shows the same until its route is ready.
 */
export function Loading() {
  return (
    <div className={styles.loading}>
      <Spinner label="Loading" />
    </div>
  );
}
