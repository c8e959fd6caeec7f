import { style } from '@vanilla-extract/css';
import { vars } from '@parley/ui';
import { bareList, flexColumn, flexWrapRow, monoText, surfaceBox } from '../styles/recipes';

export const list = style({
  ...bareList,
  ...flexColumn(vars.space.xs),
  minWidth: 0,
});

export const step = style({
  ...surfaceBox(vars.radius.md),
  fontSize: vars.fontSize.sm,
  minWidth: 0,
  selectors: { '&[data-error="true"]': { borderColor: vars.color.danger } },
});

export const summary = style({
  ...flexWrapRow(vars.space.xs),
  padding: `${vars.space.xs} ${vars.space.sm}`,
  cursor: 'pointer',
  color: vars.color.text,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}` } },
});

export const toolName = style({ fontFamily: vars.font.mono, fontWeight: vars.fontWeight.semibold });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs });

export const body = style({
  ...flexColumn(vars.space.xs),
  padding: `0 ${vars.space.sm} ${vars.space.sm}`,
  minWidth: 0,
});

export const label = style({
  margin: 0,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
});

export const code = style({
  margin: 0,
  padding: vars.space.xs,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceSunken,
  ...monoText(vars.fontSize.xs, vars.color.text),
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  maxHeight: '12rem',
  overflowY: 'auto',
});
