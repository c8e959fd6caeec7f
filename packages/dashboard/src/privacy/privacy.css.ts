import { style } from '@vanilla-extract/css';
import { vars } from '@parley/ui';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const categories = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))',
  gap: vars.space.sm,
});
export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'end',
});
export const grow = style({ flex: '1 1 16rem', minWidth: 0 });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });
export const summary = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
});
export const mono = style({ fontFamily: vars.font.mono, overflowWrap: 'anywhere' });
export const changes = style({
  margin: 0,
  paddingInlineStart: vars.space.md,
  fontSize: vars.fontSize.sm,
});
export const contents = style({ display: 'contents' });
