import { style, globalStyle } from '@vanilla-extract/css';
import { vars } from '@parley/ui';

export const page = style({
  maxWidth: '720px',
  margin: '0 auto',
  padding: vars.space.xl,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  alignItems: 'stretch',
});
export const heading = style({ margin: 0, fontSize: vars.fontSize.xxl, color: vars.color.text });
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
