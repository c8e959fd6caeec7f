import { style } from '@vanilla-extract/css';
import { media, vars } from '@parley/ui';
import { bareList, flexColumn, flexRow, flexWrapItems, flexWrapRow, textLine } from './recipes';

// Style blocks that several screens use alike (one class each instead of a copy per screen).

export const caption = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
});
export const cardActions = style({
  ...flexWrapItems(vars.space.xs),
  marginTop: 'auto',
  paddingTop: vars.space.sm,
  borderTop: `1px solid ${vars.color.border}`,
});
export const center = style({ display: 'flex', justifyContent: 'center', padding: vars.space.md });
export const end = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.sm });
export const endWrap = style({
  ...flexWrapRow(vars.space.sm, 'flex-end'),
});
export const errorText = style({
  ...textLine(vars.fontSize.sm, vars.color.dangerText),
});
export const fieldGrid = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
export const fullWidth = style({ gridColumn: '1 / -1' });
export const grow = style({ flex: '1 1 16rem', minWidth: 0 });
export const headingLg = style({
  ...textLine(vars.fontSize.lg, vars.color.text),
});
export const headingMd = style({
  ...textLine(vars.fontSize.md, vars.color.text),
});
export const headingXl = style({
  ...textLine(vars.fontSize.xl, vars.color.text),
});
export const headingXxl = style({ margin: 0, fontSize: vars.fontSize.xxl, color: vars.color.text });
export const inlineSm = style({
  ...flexWrapRow(vars.space.sm),
});
export const inlineXs = style({
  ...flexWrapRow(vars.space.xs),
});
export const listSm = style({
  ...bareList,
  ...flexColumn(vars.space.sm),
});
export const listXs = style({
  ...bareList,
  ...flexColumn(vars.space.xs),
});
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const mutedColor = style({ color: vars.color.textMuted });
export const mutedWrap = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});
export const mutedXs = style({
  ...textLine(vars.fontSize.xs, vars.color.textMuted),
});
export const nameText = style({
  color: vars.color.text,
  fontWeight: 600,
  overflowWrap: 'anywhere',
});
export const preWrap = style({
  margin: 0,
  color: vars.color.text,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});
export const rowSm = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });
export const semibold = style({ fontWeight: vars.fontWeight.semibold });
export const shrink = style({ minWidth: 0 });
export const shrinkColumn = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });
export const shrinkStackLg = style({
  ...flexColumn(vars.space.lg),
  minWidth: 0,
});
export const shrinkStackMd = style({
  ...flexColumn(vars.space.md),
  minWidth: 0,
});
export const shrinkStackSm = style({
  ...flexColumn(vars.space.sm),
  minWidth: 0,
});
export const shrinkStackXxs = style({
  ...flexColumn(vars.space.xxs),
  minWidth: 0,
});
export const spreadMd = style({
  ...flexWrapRow(vars.space.md, 'space-between'),
});
export const spreadNoWrap = style({
  ...flexRow(vars.space.sm, 'space-between'),
});
export const spreadSm = style({
  ...flexWrapRow(vars.space.sm, 'space-between'),
});
export const stackLg = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const stackMd = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const stackSm = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const stackXl = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xl });
export const stackXs = style({
  ...flexColumn(vars.space.xs),
});
export const stackXxs = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs });
export const strongText = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.text });
export const strongWrap = style({ fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });
export const subheadingMd = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});
export const term = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const textWrap = style({ margin: 0, color: vars.color.text, overflowWrap: 'anywhere' });
export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
export const wrapSm = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
export const wrapXs = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
export const listMd = style({
  ...bareList,
  ...flexColumn(vars.space.md),
});
/** A list in one bordered box (its rows draw the lines between them). */
export const borderedList = style({
  ...bareList,
  display: 'flex',
  flexDirection: 'column',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  background: vars.color.surface,
});
/** A list's rows one under another, without bullets (the rows draw their own lines). */
export const columnList = style({
  ...bareList,
  display: 'flex',
  flexDirection: 'column',
});
/** Ids, URLs and secrets: monospace, small, breaking anywhere. */
export const monoWrap = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});
