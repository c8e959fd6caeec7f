import { style } from '@vanilla-extract/css';
import { vars } from '@parley/ui';
import {
  errorText as costOver,
  inlineSm as row,
  listSm as list,
  muted,
  preWrap as said,
  semibold as speaker,
  stackMd as stack,
} from '../../styles/common.css';
import { flexBox, flexColumn, flexWrapRow, framed, textLine } from '../../styles/recipes';

export { costOver, list, muted, row, said, speaker, stack };

export const item = style({
  ...flexWrapRow(vars.space.sm, 'space-between'),
  ...framed(vars.space.sm, `1px solid ${vars.color.border}`, vars.radius.md),
  background: vars.color.surface,
});
export const itemName = style({
  margin: 0,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
  overflowWrap: 'anywhere',
});
export const result = style({
  ...flexColumn(vars.space.sm),
  ...framed(vars.space.md, `1px solid ${vars.color.border}`, vars.radius.md),
  background: vars.color.surfaceSunken,
});
export const resultHead = style({
  ...textLine(vars.fontSize.md, vars.color.text),
  ...flexWrapRow(vars.space.sm),
});
export const turn = style({
  ...flexColumn(vars.space.xs),
  paddingLeft: vars.space.sm,
  borderLeft: `3px solid ${vars.color.border}`,
});
export const expectation = style({
  display: 'flex',
  gap: vars.space.xs,
  ...textLine(vars.fontSize.sm, vars.color.text),
  overflowWrap: 'anywhere',
});
export const pass = style({ color: vars.color.successText, fontWeight: vars.fontWeight.bold });
export const fail = style({ color: vars.color.dangerText, fontWeight: vars.fontWeight.bold });
export const reasoning = style({
  ...textLine(vars.fontSize.sm, vars.color.textMuted),
  fontStyle: 'italic',
});
export const editorTurn = style({
  ...flexColumn(vars.space.sm),
  ...framed(vars.space.md, `1px solid ${vars.color.border}`, vars.radius.md),
});
export const expectationRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(9rem, 12rem) 1fr auto',
  alignItems: 'end',
  gap: vars.space.sm,
  '@media': { 'screen and (max-width: 40rem)': { gridTemplateColumns: '1fr' } },
});
export const note = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  alignSelf: 'center',
});

/** 'Make a test' with its result under it (transcripts, threads, the chat drawer). */
export const makeTest = style({
  ...flexBox({ flexDirection: 'column', alignItems: 'flex-start', gap: vars.space.xs }),
});

/** The 'Test made' notice's link to the agent's Tests section. */
export const link = style({
  // The banner's own text colour (its contrast is the banner's), underlined as a link.
  color: 'inherit',
  fontWeight: vars.fontWeight.semibold,
  textDecoration: 'underline',
  ':focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
});
