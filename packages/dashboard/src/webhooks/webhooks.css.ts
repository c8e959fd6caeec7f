import { style } from '@vanilla-extract/css';
import { vars } from '@parley/ui';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  border: 0,
  margin: 0,
  padding: 0,
});
export const events = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))',
  gap: vars.space.xs,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
export const choice = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    '&:has(input:checked)': {
      borderColor: vars.color.primary,
      background: vars.color.primarySubtle,
    },
    '&:has(input:disabled)': { cursor: 'not-allowed', opacity: 0.7 },
  },
});
export const checkbox = style({
  width: '16px',
  height: '16px',
  marginTop: '2px',
  flexShrink: 0,
  accentColor: vars.color.primary,
});
export const choiceText = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });
export const mono = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});
export const muted = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});
export const error = style({ color: vars.color.dangerText, fontSize: vars.fontSize.sm, margin: 0 });
export const legend = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
  marginBottom: vars.space.xs,
});
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
});
export const row = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: `${vars.space.md} 0`,
  borderTop: `1px solid ${vars.color.border}`,
});
export const rowHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  justifyContent: 'space-between',
});
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
export const sectionTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  color: vars.color.text,
});
export const response = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  maxHeight: '8rem',
  overflowY: 'auto',
  margin: 0,
});
