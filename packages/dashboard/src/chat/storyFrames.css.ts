import { style } from '@vanilla-extract/css';
import { vars } from '@parley/ui';

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

export const cell = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const caption = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
});

export const pageBackground = style({ background: vars.color.background, minHeight: '100vh' });

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const placeholder = style({
  padding: vars.space.lg,
  border: `1px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
});

export const strip = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
