import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { media, vars } from '@parley/ui';
import {
  cardActions,
  fieldGrid as fields,
  fullWidth,
  headingXl as sectionTitle,
  headingXxl as heading,
  inlineSm as toolbar,
  muted,
  preWrap as recordText,
  shrinkStackLg as stack,
  shrinkStackSm as tightStack,
  spreadMd as sectionHeader,
  stackLg as form,
  stackLg as screen,
  wrapXs as badges,
} from '../styles/common.css';
import {
  bareList,
  flexBox,
  flexColumn,
  flexRow,
  flexWrapItems,
  flexWrapRow,
  framed,
  monoText,
  raisedPanel,
  surfaceBox,
  textLine,
} from '../styles/recipes';

export {
  badges,
  cardActions,
  fields,
  form,
  fullWidth,
  heading,
  muted,
  recordText,
  screen,
  sectionHeader,
  sectionTitle,
  stack,
  tightStack,
  toolbar,
};

const focusVisible = {
  outline: `2px solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
} as const;

/** The tab: header, section tabs, then the open section. */
export const screenHeader = style({
  ...flexBox({
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    justifyContent: 'space-between',
    gap: vars.space.md,
  }),
});
export const selection = style({
  ...flexWrapRow(vars.space.xs),
  ...textLine(vars.fontSize.sm, vars.color.textMuted),
});
export const selectionName = style({
  color: vars.color.text,
  fontWeight: vars.fontWeight.semibold,
});

export const grow = style({ flex: '1 1 240px', minWidth: 0 });

// ---- list ----
export const grid = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(0, 1fr)',
  ...bareList,
  '@media': {
    [media.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [media.lg]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});
export const card = style({
  ...flexColumn(vars.space.sm),
  height: '100%',
  ...raisedPanel(vars.space.lg),
  minWidth: 0,
  selectors: {
    '&[data-selected]': {
      borderColor: vars.color.primary,
      boxShadow: `0 0 0 1px ${vars.color.primary}`,
    },
  },
});
export const cardHeader = style({
  ...flexBox({ alignItems: 'flex-start', justifyContent: 'space-between', gap: vars.space.sm }),
});
export const cardTitle = style({
  ...textLine(vars.fontSize.lg, vars.color.text),
  minWidth: 0,
  overflowWrap: 'anywhere',
});
/** The card's name: a button that opens the base, styled as a heading link. */
export const titleButton = style({
  all: 'unset',
  cursor: 'pointer',
  color: vars.color.text,
  borderRadius: vars.radius.sm,
  selectors: {
    '&:hover': { color: vars.color.primary, textDecoration: 'underline' },
    '&:focus-visible': focusVisible,
  },
});
export const description = style({
  margin: 0,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
});
export const meta = style({
  ...flexWrapItems(`${vars.space.xxs} ${vars.space.md}`),
  ...textLine(vars.fontSize.sm, vars.color.textMuted),
});
export const stateBox = style({
  display: 'flex',
  justifyContent: 'center',
  padding: vars.space.xl,
});

// ---- forms ----
export const fieldset = style({
  ...flexColumn(vars.space.md),
  margin: 0,
  ...framed(vars.space.md, `1px solid ${vars.color.border}`, vars.radius.md),
  minWidth: 0,
});
export const legend = style({
  padding: `0 ${vars.space.xs}`,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});
export const formActions = style({
  ...flexWrapItems(vars.space.sm, 'flex-end'),
});
export const details = style({
  ...framed(`${vars.space.sm} ${vars.space.md}`, `1px solid ${vars.color.border}`, vars.radius.md),
});
export const summary = style({
  cursor: 'pointer',
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
  borderRadius: vars.radius.sm,
  selectors: { '&:focus-visible': focusVisible },
});
export const detailsBody = style({ paddingTop: vars.space.md });

// ---- upload ----
export const fileRow = style({
  ...flexWrapRow(vars.space.sm, 'space-between'),
  padding: `${vars.space.xs} ${vars.space.sm}`,
  background: vars.color.surfaceSunken,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
});
export const progressRow = style({
  ...flexRow(vars.space.sm),
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
});
export const progress = style({
  flex: 1,
  height: '8px',
  appearance: 'none',
  border: 'none',
  borderRadius: vars.radius.full,
  overflow: 'hidden',
  background: vars.color.surfaceSunken,
  color: vars.color.primary,
});
globalStyle(`${progress}::-webkit-progress-bar`, { background: vars.color.surfaceSunken });
globalStyle(`${progress}::-webkit-progress-value`, {
  background: vars.color.primary,
  borderRadius: vars.radius.full,
});
globalStyle(`${progress}::-moz-progress-bar`, { background: vars.color.primary });

// ---- documents ----
export const docName = style({
  all: 'unset',
  cursor: 'pointer',
  color: vars.color.text,
  fontWeight: vars.fontWeight.medium,
  overflowWrap: 'anywhere',
  borderRadius: vars.radius.sm,
  selectors: {
    '&:hover': { color: vars.color.primary, textDecoration: 'underline' },
    '&:focus-visible': focusVisible,
  },
});
export const statusCell = style({
  ...flexBox({ flexDirection: 'column', alignItems: 'flex-start', gap: vars.space.xxs }),
});
export const errorText = style({
  ...textLine(vars.fontSize.xs, vars.color.dangerText),
  overflowWrap: 'anywhere',
});
export const rowActions = style({
  ...flexWrapItems(vars.space.xs, 'flex-end'),
});
export const segmentList = style({
  ...flexColumn(vars.space.md),
  ...bareList,
});
export const segment = style({
  ...flexColumn(vars.space.sm),
  padding: vars.space.md,
  ...surfaceBox(vars.radius.md),
  selectors: { '&[data-disabled]': { background: vars.color.surfaceSunken } },
});
export const segmentTitle = style({
  margin: 0,
  ...monoText(vars.fontSize.md, vars.color.text),
});
export const preview = style({
  margin: 0,
  color: vars.color.text,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  borderRadius: vars.radius.sm,
  selectors: { '&:focus-visible': focusVisible },
});
export const fullText = style({
  whiteSpace: 'pre-wrap',
  maxWidth: '480px',
  maxHeight: '320px',
  overflow: 'auto',
});
export const token = style({
  ...monoText(vars.fontSize.sm, vars.color.text),
});
export const records = style({
  ...flexColumn(vars.space.sm),
  ...bareList,
});
export const record = style({
  ...flexColumn(vars.space.xs),
  ...framed(vars.space.md, `1px solid ${vars.color.border}`, vars.radius.md),
  background: vars.color.surface,
});
/** A retrieved record's heading path as a breadcrumb: Document › Section › Subsection. */
export const crumbs = style({
  ...flexWrapItems(vars.space.xs),
  ...bareList,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
globalStyle(`${crumbs} > li + li::before`, { content: '"›"', marginRight: vars.space.xs });
/** A query word found in a retrieved record. */
export const match = style({
  background: vars.color.primarySubtle,
  color: vars.color.text,
  fontWeight: 600,
  borderRadius: vars.radius.sm,
  boxShadow: `inset 0 -2px 0 ${vars.color.primary}`,
});
export const why = style({ color: vars.color.text, fontSize: vars.fontSize.sm });
export const whyTable = style({ borderCollapse: 'collapse', marginTop: vars.space.xs });
globalStyle(`${whyTable} th, ${whyTable} td`, {
  textAlign: 'left',
  padding: `2px ${vars.space.sm} 2px 0`,
  fontWeight: 'normal',
});
globalStyle(`${whyTable} th`, { color: vars.color.textMuted });

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });
/** The status icon's glyph; the processing one turns (still when motion is reduced). */
export const statusGlyph = style({
  display: 'inline-flex',
  verticalAlign: '-2px',
  selectors: {
    '&[data-status="processing"]': {
      animation: `${spin} 1.2s linear infinite`,
      '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
    },
  },
});

/** The key just created: its full token with a Copy button. */
export const newKey = style({
  ...flexWrapRow(vars.space.sm),
  marginTop: vars.space.xs,
  wordBreak: 'break-all',
});

export const checkRow = style({
  ...flexRow(vars.space.sm),
  color: vars.color.text,
  cursor: 'pointer',
});
