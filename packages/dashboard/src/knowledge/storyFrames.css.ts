import { style } from '@vanilla-extract/css';
import { vars } from '@parley/ui';

/** Story-only frames for the AllStates stories. */
export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xl });
export const caption = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
});
