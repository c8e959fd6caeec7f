import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { media, vars } from '@parley/ui';

const focusVisible = {
  outline: `2px solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
} as const;

/** The tab: header, section tabs, then the open section. */
export const screen = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const screenHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space.md,
});
export const heading = style({ margin: 0, fontSize: vars.fontSize.xxl, color: vars.color.text });
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const selection = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
export const selectionName = style({
  color: vars.color.text,
  fontWeight: vars.fontWeight.semibold,
});

/** A column of cards or panels. */
export const stack = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  minWidth: 0,
});
export const tightStack = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
});
export const sectionTitle = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  color: vars.color.text,
});
export const sectionHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});
export const grow = style({ flex: '1 1 240px', minWidth: 0 });

// ---- list ----
export const grid = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(0, 1fr)',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': {
    [media.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [media.lg]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});
export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  height: '100%',
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  minWidth: 0,
  selectors: {
    '&[data-selected]': {
      borderColor: vars.color.primary,
      boxShadow: `0 0 0 1px ${vars.color.primary}`,
    },
  },
});
export const cardHeader = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});
export const cardTitle = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  color: vars.color.text,
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
export const badges = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
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
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xxs} ${vars.space.md}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
export const cardActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  marginTop: 'auto',
  paddingTop: vars.space.sm,
  borderTop: `1px solid ${vars.color.border}`,
});
export const stateBox = style({
  display: 'flex',
  justifyContent: 'center',
  padding: vars.space.xl,
});

// ---- forms ----
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const fields = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
export const fullWidth = style({ gridColumn: '1 / -1' });
export const fieldset = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  margin: 0,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  minWidth: 0,
});
export const legend = style({
  padding: `0 ${vars.space.xs}`,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});
export const formActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
});
export const details = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
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
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  background: vars.color.surfaceSunken,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
});
export const progressRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
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
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.xxs,
});
export const errorText = style({
  margin: 0,
  fontSize: vars.fontSize.xs,
  color: vars.color.dangerText,
  overflowWrap: 'anywhere',
});
export const rowActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.xs,
});
export const segmentList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const segment = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  selectors: { '&[data-disabled]': { background: vars.color.surfaceSunken } },
});
export const segmentTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontFamily: vars.font.mono,
  color: vars.color.text,
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
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
});
export const records = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const record = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
export const recordText = style({
  margin: 0,
  color: vars.color.text,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});
/** A retrieved record's heading path as a breadcrumb: Document › Section › Subsection. */
export const crumbs = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
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
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  marginTop: vars.space.xs,
  wordBreak: 'break-all',
});

export const checkRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  color: vars.color.text,
  cursor: 'pointer',
});
