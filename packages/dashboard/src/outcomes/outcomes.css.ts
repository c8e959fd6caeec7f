import { style } from '@vanilla-extract/css';
import { media, vars } from '@parley/ui';
import { bareList, flexBox, flexColumn, flexWrapRow, framed, textLine } from '../styles/recipes';

/** The section's parts apart from each other (the Card's body has no gap of its own). */
export const stack = style({
  ...flexColumn(vars.space.md),
  minWidth: 0,
});

export const muted = style({
  ...textLine(vars.fontSize.sm, vars.color.textMuted),
  overflowWrap: 'anywhere',
});

export const error = style({ margin: 0, color: vars.color.dangerText, fontSize: vars.fontSize.sm });

export const group = style({
  ...flexColumn(vars.space.sm),
  margin: 0,
  padding: 0,
  border: 'none',
  minWidth: 0,
});

export const legend = style({
  padding: 0,
  marginBottom: vars.space.xxs,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});

export const fieldList = style({
  ...bareList,
  ...flexColumn(vars.space.sm),
});

/** One field: name, type, description (and choices) side by side from the md breakpoint. */
export const fieldRow = style({
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'start',
  ...framed(vars.space.sm, `1px solid ${vars.color.border}`, vars.radius.md),
  '@media': {
    [media.md]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 10rem) minmax(0, 1.5fr) auto' },
  },
});

export const choices = style({ gridColumn: '1 / -1' });

export const removeCell = style({
  display: 'flex',
  alignItems: 'flex-end',
  alignSelf: 'end',
});

export const actions = style({
  ...flexWrapRow(vars.space.sm),
});

/** The outcome of a conversation (thread) and its figures. */
export const card = style({
  ...flexColumn(vars.space.sm),
  ...framed(vars.space.md, `1px solid ${vars.color.border}`, vars.radius.md),
  background: vars.color.surface,
  minWidth: 0,
});

export const cardHead = style({
  ...flexWrapRow(vars.space.xs),
});

export const cardTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});

export const text = style({ margin: 0, color: vars.color.text, overflowWrap: 'anywhere' });

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  columnGap: vars.space.md,
  rowGap: vars.space.xxs,
  margin: 0,
});

export const term = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const definition = style({ margin: 0, overflowWrap: 'anywhere' });

export const inline = style({
  ...flexWrapRow(vars.space.xs),
});

export const checklist = style({
  ...bareList,
  ...flexColumn(vars.space.xxs),
});

/** The rerun line: a day and a button, then the progress. */
export const rerunRow = style({
  ...flexBox({ flexWrap: 'wrap', alignItems: 'flex-end', gap: vars.space.sm }),
});

export const progress = style({
  width: '100%',
  height: '0.5rem',
  accentColor: vars.color.primary,
});

export const figures = style({
  ...flexColumn(vars.space.md),
  minWidth: 0,
});

export const stats = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))',
});

export const chart = style({ width: '100%', height: '14rem' });

export const heading = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
});

/** A term and its definition grouped in the facts' grid. */
export const pair = style({ display: 'contents' });
