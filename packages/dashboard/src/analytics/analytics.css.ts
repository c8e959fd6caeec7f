import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@parley/ui';
import {
  headingMd as heading,
  inlineSm as row,
  listSm as list,
  muted,
  spreadSm as blockHeader,
  stackLg as stack,
  stackSm as block,
  textWrap as question,
  visuallyHidden,
} from '../styles/common.css';
import { flexWrapRow, framed } from '../styles/recipes';

export { block, blockHeader, heading, list, muted, question, row, stack, visuallyHidden };

/**
 * The seven figure cards: one column on phones, two a row (the last one across) on small
 * screens, four a row (4 + 3) from tablets up — never a lone seventh card on a row of its own.
 */
export const stats = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
  '@media': {
    'screen and (min-width: 480px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    'screen and (min-width: 900px)': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});
globalStyle(`${stats} > :last-child:nth-child(odd)`, {
  '@media': {
    'screen and (min-width: 480px) and (max-width: 899px)': { gridColumn: '1 / -1' },
  },
});
/** A legend's words in the text colour (the series colour is its swatch: #3b82f6 text is 3.7:1). */
export const legendLabel = style({ color: vars.color.text });
export const chart = style({ width: '100%', height: '15rem', color: vars.color.textMuted });
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 22rem), 1fr))',
  gap: vars.space.lg,
});
export const listItem = style({
  ...flexWrapRow(vars.space.sm, 'space-between'),
  ...framed(vars.space.sm, `1px solid ${vars.color.border}`, vars.radius.md),
});
export const link = style({ color: 'inherit', textDecoration: 'underline' });
