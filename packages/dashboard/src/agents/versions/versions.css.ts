import { style } from '@vanilla-extract/css';
import { vars } from '@parley/ui';
import {
  inlineSm as row,
  listSm as list,
  muted,
  spreadSm as itemHead,
  spreadSm as stripHead,
  stackMd as stack,
  textWrap as note,
} from '../../styles/common.css';
import { flexColumn, flexRow, framed } from '../../styles/recipes';

export { itemHead, list, muted, note, row, stack, stripHead };

/** The 'Unpublished changes' strip: a warning-toned band under the header. */
export const strip = style({
  ...flexColumn(vars.space.sm),
  ...framed(vars.space.md, `1px solid ${vars.color.warning}`, vars.radius.md),
  background: vars.color.warningSubtle,
  color: vars.color.text,
});
export const stripTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.warningText,
});
export const stripText = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.text });

/** A list of changes: setting, live value, the other value. */
export const diff = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
  background: vars.color.surface,
  borderRadius: vars.radius.md,
});
export const diffCaption = style({
  textAlign: 'left',
  padding: `${vars.space.xs} 0`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
export const diffHead = style({
  textAlign: 'left',
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.medium,
});
export const diffCell = style({
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
  overflowWrap: 'anywhere',
  whiteSpace: 'pre-wrap',
  color: vars.color.text,
});
export const removed = style({ color: vars.color.dangerText });
export const added = style({ color: vars.color.successText });

/** The Versions panel: one card per version. */
export const item = style({
  ...flexColumn(vars.space.sm),
  ...framed(vars.space.md, `1px solid ${vars.color.border}`, vars.radius.md),
  background: vars.color.surface,
  selectors: { '&[data-live="true"]': { borderColor: vars.color.success } },
});
export const itemTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
  ...flexRow(vars.space.sm),
});

/** The chat drawer's 'Testing your draft' bar. */
export const testingBar = style({
  ...flexColumn(vars.space.xs),
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.infoSubtle,
  color: vars.color.infoText,
});
export const testingTitle = style({
  margin: 0,
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.sm,
});
