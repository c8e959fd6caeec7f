import { style } from '@vanilla-extract/css';
import { vars } from '@parley/ui';
import * as editor from '../editor.css';
import {
  errorText,
  shrinkStackMd as form,
  shrinkStackMd as stack,
  shrinkStackXxs as choiceText,
  visuallyHidden as srOnly,
  wrapXs as actions,
} from '../../../styles/common.css';
import {
  bareList,
  flexColumn,
  flexWrapRow,
  framed,
  monoText,
  textLine,
} from '../../../styles/recipes';

export { actions, choiceText, errorText, form, srOnly, stack };

export const list = style({
  ...bareList,
  ...flexColumn(vars.space.sm),
  minWidth: 0,
});

export const row = style({
  ...flexWrapRow(vars.space.sm, 'space-between'),
  ...framed(vars.space.sm, `1px solid ${vars.color.border}`, vars.radius.md),
  minWidth: 0,
});

export const rowText = style({
  ...flexColumn(vars.space.xxs),
  minWidth: 0,
  flex: '1 1 12rem',
});

export const rowTitle = style({
  ...flexWrapRow(vars.space.xs),
  fontFamily: vars.font.mono,
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: 'anywhere',
});

export const muted = style({
  ...textLine(vars.fontSize.sm, vars.color.textMuted),
  overflowWrap: 'anywhere',
});

/** 'Add tool' under the list, set apart from it. */
export const addRow = style({ display: 'flex', paddingTop: vars.space.xs });

/** A group of fields under one label: no native fieldset frame, the legend as a field label. */
export const fieldset = style([form, { border: 0, margin: 0, padding: 0, gap: vars.space.sm }]);
export const legend = style({
  padding: 0,
  marginBottom: vars.space.xs,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
});

export const headerRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) auto',
  alignItems: 'end',
  gap: vars.space.xs,
});

export const code = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceSunken,
  ...monoText(vars.fontSize.xs, vars.color.text),
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  maxHeight: '16rem',
  overflowY: 'auto',
});

/** The allow-list's choices: the knowledge picker's (editor.css), aligned to a name's first line. */
export const choiceList = editor.choiceList;

export const choice = style([editor.choice, { alignItems: 'flex-start' }]);

export const checkbox = style([editor.checkbox, { marginTop: '2px' }]);

export const choiceName = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  overflowWrap: 'anywhere',
});
