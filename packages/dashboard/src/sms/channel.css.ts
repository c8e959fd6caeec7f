import { style } from '@vanilla-extract/css';
import { vars } from '@parley/ui';

export const filters = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.md,
});
export const filterSelect = style({ minWidth: '14rem' });
export const rowActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
});
export const threads = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});
export const thread = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  background: vars.color.surface,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
export const threadHeading = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  color: vars.color.text,
  fontVariantNumeric: 'tabular-nums',
});
export const messages = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
export const message = style({
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
  color: vars.color.text,
});
export const inbound = style({ borderInlineStart: `3px solid ${vars.color.border}` });
export const outbound = style({ borderInlineStart: `3px solid ${vars.color.primary}` });
export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
export const text = style({ margin: `${vars.space.xs} 0 0`, whiteSpace: 'pre-wrap' });
