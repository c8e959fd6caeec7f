import { style } from '@vanilla-extract/css';
import { vars } from '@parley/ui';
import {
  errorText as fail,
  headingLg as cardTitle,
  muted,
  stackLg as page,
  stackMd as card,
  stackSm as form,
  wrapSm as actions,
} from '../styles/common.css';
import { bareList, flexColumn, flexRow, flexWrapRow } from '../styles/recipes';

export { actions, card, cardTitle, fail, form, muted, page };

export const header = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const list = style({
  ...bareList,
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 22rem), 1fr))',
});
export const cardHead = style({
  ...flexRow(vars.space.sm, 'space-between'),
});
export const masked = style({ margin: 0, display: 'grid', gap: vars.space.xs });
export const maskedRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  fontFamily: 'monospace',
  color: vars.color.text,
});
export const ok = style({ margin: 0, color: vars.color.successText, fontSize: vars.fontSize.sm });
export const voiceList = style({
  ...bareList,
  ...flexColumn(vars.space.sm),
  maxHeight: '20rem',
  overflowY: 'auto',
});
export const voiceRow = style({
  ...flexWrapRow(vars.space.sm, 'space-between'),
  color: vars.color.text,
});
