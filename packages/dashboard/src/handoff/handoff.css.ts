import { style } from '@vanilla-extract/css';
import { vars } from '@parley/ui';
import {
  borderedList as list,
  center,
  errorText as error,
  headingXl as pageHeading,
  inlineXs as range,
  inlineXs as row,
  muted,
  stackSm as stack,
  strongWrap as who,
} from '../styles/common.css';
import { flexColumn, framed } from '../styles/recipes';

export { center, error, list, muted, pageHeading, range, row, stack, who };

export const text = style({ margin: 0, color: vars.color.text, whiteSpace: 'pre-wrap' });

// ---- the waiting list ----
export const item = style({
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&:last-child': { borderBottom: 'none' } },
});
export const itemButton = style({
  all: 'unset',
  boxSizing: 'border-box',
  width: '100%',
  ...flexColumn(vars.space.xxs),
  padding: `${vars.space.sm} ${vars.space.md}`,
  cursor: 'pointer',
  color: vars.color.text,
  selectors: {
    '&:hover': { background: vars.color.surfaceSunken },
    '&[aria-current="true"]': {
      background: vars.color.primarySubtle,
      boxShadow: `inset 3px 0 0 ${vars.color.primary}`,
    },
    '&[data-long-wait="true"]': { boxShadow: `inset 3px 0 0 ${vars.color.danger}` },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
  },
});
export const waited = style({ marginInlineStart: 'auto', fontSize: vars.fontSize.sm });
export const reason = style({ margin: 0, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });

// ---- the request on a thread ----
export const card = style({
  ...flexColumn(vars.space.xs),
  ...framed(vars.space.md, `1px solid ${vars.color.warning}`, vars.radius.md),
  background: vars.color.warningSubtle,
  color: vars.color.text,
});
export const cardTitle = style({ margin: 0, fontSize: vars.fontSize.md });
export const label = style({
  margin: 0,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
});

// ---- business hours ----
export const days = style({
  ...flexColumn(vars.space.sm),
  margin: 0,
  padding: 0,
});
export const day = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(6rem, 8rem) minmax(0, 1fr)',
  gap: vars.space.sm,
  alignItems: 'start',
  padding: `${vars.space.xs} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const dayName = style({ fontWeight: vars.fontWeight.semibold, paddingTop: vars.space.xs });
export const timeField = style({
  ...flexColumn(vars.space.xxs),
  fontSize: vars.fontSize.sm,
});
export const timeInput = style({
  font: 'inherit',
  ...framed(
    `${vars.space.xs} ${vars.space.sm}`,
    `1px solid ${vars.color.borderStrong}`,
    vars.radius.md,
  ),
  background: vars.color.surface,
  color: vars.color.text,
  minHeight: '2.25rem',
  colorScheme: 'light dark',
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}` },
    '&:disabled': { opacity: 0.6 },
  },
});

// ---- the navbar's count ----
export const watchLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover': { color: vars.color.primary },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

// ---- Settings ----
export const page = style({
  ...flexColumn(vars.space.md),
  maxWidth: '52rem',
});

// ---- the Overview's count ----
export const bigCount = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
  selectors: { '&[data-long-wait="true"]': { color: vars.color.dangerText } },
});
