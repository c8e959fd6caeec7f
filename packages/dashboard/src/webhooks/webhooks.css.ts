import { style } from '@vanilla-extract/css';
import { vars } from '@parley/ui';
import { bareList, flexColumn, flexWrapRow, framed, textLine } from '../styles/recipes';
import {
  columnList as list,
  monoWrap as mono,
  mutedWrap as muted,
  stackMd as stack,
} from '../styles/common.css';

export { list, mono, muted, stack };

export const form = style({
  ...flexColumn(vars.space.md),
  border: 0,
  margin: 0,
  padding: 0,
});
export const events = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))',
  gap: vars.space.xs,
  ...bareList,
});
export const choice = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  ...framed(`${vars.space.xs} ${vars.space.sm}`, `1px solid ${vars.color.border}`, vars.radius.md),
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
export const error = style({ color: vars.color.dangerText, fontSize: vars.fontSize.sm, margin: 0 });
export const legend = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
  marginBottom: vars.space.xs,
});
export const row = style({
  ...flexColumn(vars.space.sm),
  padding: `${vars.space.md} 0`,
  borderTop: `1px solid ${vars.color.border}`,
});
export const rowHead = style({
  ...flexWrapRow(vars.space.sm, 'space-between'),
});
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
export const sectionTitle = style({
  ...textLine(vars.fontSize.md, vars.color.text),
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
