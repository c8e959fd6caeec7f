import { style } from '@vanilla-extract/css';
import { focusOutline, vars } from '@parley/ui';

/** An address wraps at its '@' and dots (MailAddress), inside a part only if that cannot fit. */
export const address = style({ overflowWrap: 'break-word', minWidth: 0 });
export const subtle = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});
export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  background: vars.color.surface,
});
export const sectionHeading = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  color: vars.color.text,
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
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  width: '100%',
  minWidth: 0,
  overflowWrap: 'anywhere',
  textAlign: 'start',
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
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
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
});
export const progressItem = style({ display: 'flex', gap: vars.space.xs, alignItems: 'baseline' });
export const mono = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});
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
