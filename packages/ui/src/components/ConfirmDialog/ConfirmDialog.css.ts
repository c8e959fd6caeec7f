import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const body = style({ marginTop: vars.space.md, display: 'grid', gap: vars.space.sm });
// A long name without spaces (e.g. a 49-character agent id) wraps instead of overflowing.
export const message = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  color: vars.color.text,
  overflowWrap: 'anywhere',
});
export const detail = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});
