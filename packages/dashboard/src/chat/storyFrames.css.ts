import { style } from '@vanilla-extract/css';
import { vars } from '@parley/ui';
import { caption, stackLg as stack, stackXs as cell } from '../styles/common.css';
import { flexRow, framed } from '../styles/recipes';

export { caption, cell, stack };

/** Story-only frames: a panel needs a height to fill. */
export const frame = style({
  height: '560px',
  width: '100%',
  maxWidth: '440px',
  display: 'flex',
  flexDirection: 'column',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
});

export const grid = style({
  display: 'grid',
  gap: vars.space.xl,
  gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))',
  alignItems: 'start',
});

export const pageBackground = style({ background: vars.color.background, minHeight: '100vh' });

export const placeholder = style({
  ...framed(vars.space.lg, `1px dashed ${vars.color.borderStrong}`, vars.radius.md),
});

export const strip = style({
  ...flexRow(vars.space.sm),
  ...framed(`${vars.space.xs} ${vars.space.md}`, `1px solid ${vars.color.border}`, vars.radius.md),
  background: vars.color.surface,
});
