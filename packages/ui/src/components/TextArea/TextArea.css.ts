import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const labelRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  gap: vars.space.sm,
});
export const counter = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
  selectors: { '&[data-over]': { color: vars.color.danger, fontWeight: 600 } },
});
export const textarea = style({ resize: 'vertical', minHeight: '80px' });
