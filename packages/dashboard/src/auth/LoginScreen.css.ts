import { style } from '@vanilla-extract/css';
import { vars } from '@parley/ui';
import { headingXxl as title } from '../styles/common.css';
import { flexColumn } from '../styles/recipes';

export { title };

export const page = style({
  minHeight: '100vh',
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.lg,
  background: vars.color.background,
});
export const card = style({ width: '100%', maxWidth: '420px' });
export const subtitle = style({
  margin: `${vars.space.xs} 0 ${vars.space.lg}`,
  color: vars.color.textMuted,
});
export const form = style({
  ...flexColumn(vars.space.md),
  marginTop: vars.space.lg,
});
export const row = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: vars.space.md });
