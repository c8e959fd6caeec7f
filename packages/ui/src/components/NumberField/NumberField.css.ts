import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const group = style({ display: 'flex', alignItems: 'stretch', gap: vars.space.xs });
export const input = style({
  textAlign: 'center',
  fontVariantNumeric: 'tabular-nums',
  minWidth: 0,
});
export const step = style({
  width: '38px',
  flexShrink: 0,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.lg,
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.surfaceSunken },
    '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
    '&:focus-visible, &[data-focus-visible]': {
      outline: `2px solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
  },
});
