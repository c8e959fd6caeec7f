import { style } from '@vanilla-extract/css';
import { focusOutline, vars } from '@parley/ui';
import { monoWrap as mono, mutedWrap as subtle } from '../styles/common.css';
import { flexBox, flexColumn, flexWrapItems, framed, textLine } from '../styles/recipes';

export { mono, subtle };

/** An address wraps at its '@' and dots (MailAddress), inside a part only if that cannot fit. */
export const address = style({ overflowWrap: 'break-word', minWidth: 0 });
export const section = style({
  ...flexColumn(vars.space.md),
  ...framed(vars.space.md, `1px solid ${vars.color.border}`, vars.radius.md),
  background: vars.color.surface,
});
export const sectionHeading = style({
  ...textLine(vars.fontSize.lg, vars.color.text),
  overflowWrap: 'anywhere',
});
/**
 * A row of fields: aligned on their labels (the top), so a field with a hint under it (the
 * password's) does not lift itself off the row's baseline.
 */
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))',
  gap: vars.space.md,
  alignItems: 'start',
});
export const threadButton = style({
  ...flexBox({ flexDirection: 'column', alignItems: 'flex-start', gap: vars.space.xs }),
  width: '100%',
  minWidth: 0,
  overflowWrap: 'anywhere',
  textAlign: 'start',
  ...framed(vars.space.md, `1px solid ${vars.color.border}`, vars.radius.md),
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
  font: 'inherit',
  selectors: {
    '&:hover': { borderColor: vars.color.primary },
    '&:focus-visible': focusOutline(),
  },
});
export const progress = style({
  ...flexWrapItems(vars.space.sm),
  margin: 0,
  padding: 0,
});
export const progressItem = style({ display: 'flex', gap: vars.space.xs, alignItems: 'baseline' });
export const rowErrors = style({
  margin: 0,
  paddingInlineStart: vars.space.lg,
  color: vars.color.dangerText,
});
export const progressValue = style({ margin: 0, fontVariantNumeric: 'tabular-nums' });

/** A campaign's progress: the row's full width, in the theme's colours (not the browser's). */
export const campaignBar = style({
  appearance: 'none',
  display: 'block',
  width: '100%',
  height: '8px',
  border: 'none',
  borderRadius: vars.radius.full,
  overflow: 'hidden',
  background: vars.color.surfaceSunken,
  color: vars.color.primary,
  selectors: {
    '&::-webkit-progress-bar': { background: vars.color.surfaceSunken },
    '&::-webkit-progress-value': { background: vars.color.primary },
    '&::-moz-progress-bar': { background: vars.color.primary },
  },
});
