import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
});
export const caption = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  textTransform: 'uppercase',
  letterSpacing: '0.05em',
});
