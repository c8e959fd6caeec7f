import { style } from '@vanilla-extract/css';
import { vars } from '@parley/ui';
import { listSm as turns, preWrap as turnText, strongText as speaker } from './common.css';
import { flexColumn, flexWrapItems, flexWrapRow, textLine } from './recipes';

export { speaker, turnText, turns };

export const turnHead = style({
  ...flexWrapRow(vars.space.xs),
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
export const figures = style({
  ...flexWrapItems(vars.space.sm),
  ...textLine(vars.fontSize.xs, vars.color.textMuted),
  fontVariantNumeric: 'tabular-nums',
});
export const error = style({
  ...textLine(vars.fontSize.sm, vars.color.dangerText),
  overflowWrap: 'anywhere',
});
const turnBase = {
  ...flexColumn(vars.space.xs),
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  maxWidth: 'min(100%, 40rem)',
} as const;
export const callerTurn = style({
  ...turnBase,
  alignSelf: 'flex-start',
  background: vars.color.surfaceSunken,
  border: `1px solid ${vars.color.border}`,
});
export const agentTurn = style({
  ...turnBase,
  alignSelf: 'flex-end',
  background: vars.color.primarySubtle,
  border: `1px solid ${vars.color.border}`,
});
