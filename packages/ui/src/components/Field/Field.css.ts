import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

// The field's frame (column, label, description, error) is the theme's shared field look.
export { field, label, description, error } from '../../theme/field.css';

export const labelRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  gap: vars.space.sm,
});
/** The required marker, just after the label's text. */
export const required = style({
  marginInlineStart: `calc(${vars.space.xs} - ${vars.space.sm})`,
  marginInlineEnd: 'auto',
  color: vars.color.dangerText,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});
/** A live 'n/max' counter at the end of the label's row. */
export const counter = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
  selectors: { '&[data-over]': { color: vars.color.danger, fontWeight: 600 } },
});
