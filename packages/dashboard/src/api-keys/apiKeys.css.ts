import { style } from '@vanilla-extract/css';
import { focusOutline, vars } from '@parley/ui';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const scopes = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  margin: 0,
  padding: vars.space.md,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))',
  gap: vars.space.sm,
});
export const legend = style({
  padding: `0 ${vars.space.xs}`,
  color: vars.color.text,
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
});
export const scope = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  color: vars.color.text,
  cursor: 'pointer',
});
export const checkbox = style({
  width: '18px',
  height: '18px',
  margin: '2px 0 0',
  flexShrink: 0,
  accentColor: vars.color.primary,
  selectors: { '&:focus-visible': focusOutline() },
});
export const scopeText = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });
export const mono = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: vars.fontSize.sm,
});
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
});
export const row = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: vars.space.md,
  alignItems: 'center',
  padding: `${vars.space.sm} 0`,
  borderTop: `1px solid ${vars.color.border}`,
});
export const who = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  minWidth: 0,
});
export const name = style({ color: vars.color.text, fontWeight: 600, overflowWrap: 'anywhere' });
export const badges = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
export const muted = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});
export const error = style({ color: vars.color.dangerText, fontSize: vars.fontSize.sm, margin: 0 });
export const sectionTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  color: vars.color.text,
});
