import { style } from '@vanilla-extract/css';
import { focusOutline } from './focusOutline';

/** The visible focus ring every interactive component shares (keyboard focus only). */
export const focusRing = style({
  selectors: {
    '&:focus-visible, &[data-focus-visible]': focusOutline(),
  },
});

/** Visually hidden but read by screen readers. */
export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
