import { style } from '@vanilla-extract/css';
import { vars } from '@parley/ui';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const liveState = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  margin: 0,
  color: vars.color.text,
  fontWeight: vars.fontWeight.semibold,
});
export const interim = style({ opacity: 0.7, fontStyle: 'italic' });
