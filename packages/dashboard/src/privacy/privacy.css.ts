import { style } from '@vanilla-extract/css';
import { vars } from '@parley/ui';
import { grow, stackMd as stack } from '../styles/common.css';
import { flexWrapItems } from '../styles/recipes';

export { grow, stack };

export const categories = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))',
  gap: vars.space.sm,
});
export const row = style({
  ...flexWrapItems(vars.space.sm),
  alignItems: 'end',
});
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
