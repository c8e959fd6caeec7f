import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

// The field, label and description come from the shared ../../theme/field.css.ts.

/** The label's row (the value at its end): the fields' own. */
export { labelRow as header } from '../Field/Field.css';

export const valueText = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
});

export const root = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  width: '100%',
  height: '24px',
  touchAction: 'none',
  userSelect: 'none',
  cursor: 'pointer',
  selectors: { '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' } },
});

export const track = style({
  position: 'relative',
  flexGrow: 1,
  height: '4px',
  overflow: 'hidden',
  borderRadius: vars.radius.full,
  background: vars.color.borderStrong,
});

export const range = style({
  position: 'absolute',
  height: '100%',
  borderRadius: vars.radius.full,
  background: vars.color.primary,
});

export const thumb = style({
  display: 'block',
  width: '18px',
  height: '18px',
  boxSizing: 'border-box',
  borderRadius: vars.radius.full,
  border: `2px solid ${vars.color.primary}`,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
  transition: 'transform 120ms ease',
  selectors: {
    '&:hover:not([data-disabled])': { transform: 'scale(1.1)' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
    '&[data-disabled]': { borderColor: vars.color.borderStrong },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});
