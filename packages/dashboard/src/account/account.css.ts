import { style, globalStyle } from '@vanilla-extract/css';
import { vars } from '@parley/ui';
import { headingXxl as heading } from '../styles/common.css';
import { flexColumn } from '../styles/recipes';

export { heading };

export const page = style({
  maxWidth: '720px',
  margin: '0 auto',
  padding: vars.space.xl,
  ...flexColumn(vars.space.lg),
  alignItems: 'stretch',
});
export const profile = style({ display: 'flex', gap: vars.space.lg, alignItems: 'flex-start' });
export const list = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.sm} ${vars.space.lg}`,
  margin: 0,
});
globalStyle(`${list} dt`, { color: vars.color.textMuted });
globalStyle(`${list} dd`, { margin: 0, color: vars.color.text, overflowWrap: 'anywhere' });
export const mono = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm });
