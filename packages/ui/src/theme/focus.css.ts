import { style } from '@vanilla-extract/css';
import { vars } from './contract.css';

/** The visible focus ring every interactive component shares (keyboard focus only). */
export const focusRing = style({
  selectors: {
    '&:focus-visible, &[data-focus-visible]': {
      outline: `2px solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
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
