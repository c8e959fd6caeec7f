import { forwardRef, type HTMLAttributes } from 'react';
import { visuallyHidden } from '../../theme/focus.css';
import { ring, root, type spinnerSizes } from './Spinner.css';

export type SpinnerSize = (typeof spinnerSizes)[number];

export interface SpinnerProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'role' | 'children'> {
  /** Announced text (default 'Loading'), e.g. 'Loading agents...'. Visually hidden unless `showLabel`. */
  label?: string;
  size?: SpinnerSize;
  /** Show the label next to the spinner instead of hiding it visually. */
  showLabel?: boolean;
}

/** A loading indicator: a spinning ring in a polite live region (role=status) named by `label`. */
export const Spinner = forwardRef<HTMLSpanElement, SpinnerProps>(function Spinner(
  { label = 'Loading', size = 'md', showLabel = false, className, ...rest },
  ref,
) {
  return (
    <span {...rest} ref={ref} role="status" className={[root, className].filter(Boolean).join(' ')}>
      <span className={ring({ size })} aria-hidden="true" />
      <span className={showLabel ? undefined : visuallyHidden}>{label}</span>
    </span>
  );
});
