import type { ReactNode } from 'react';
import { Inline } from '../components/Inline';
import { Stack } from '../components/Stack';
import * as styles from './Layout.css';

/** Layout helpers for stories: the layout primitives themselves, and a labelled row. */
export { Stack };

export function Row({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <Stack>
      {label ? <span className={styles.caption}>{label}</span> : null}
      <Inline>{children}</Inline>
    </Stack>
  );
}
