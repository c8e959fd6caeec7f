import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { media, vars } from '@parley/ui';
import {
  headingXl as pageHeading,
  listMd as list,
  mutedXs as note,
  semibold as sender,
  visuallyHidden,
} from '../styles/common.css';
import { flexColumn, flexRow, flexWrapRow, framed, surfaceBox } from '../styles/recipes';

export { list, note, pageHeading, sender, visuallyHidden };

// ---------- panel ----------

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  height: '100%',
  minHeight: 0,
  background: vars.color.surface,
  color: vars.color.text,
});

export const header = style({
  ...flexRow(vars.space.sm),
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
});

export const title = style({
  margin: 0,
  flex: 1,
  minWidth: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

/** The bare panel (inside the drawer) only has a small tool row. */
export const toolbar = style({
  ...flexRow(vars.space.sm, 'flex-end'),
  paddingBottom: vars.space.sm,
});

/**
 * Notices sit above the log and never cover it: they take at most a third of the panel (their
 * own scroll beyond that) and the log keeps the rest.
 */
export const notices = style({
  ...flexColumn(vars.space.sm),
  flexShrink: 0,
  maxHeight: '33%',
  overflowY: 'auto',
  padding: `${vars.space.sm} ${vars.space.lg} 0`,
  selectors: { [`${panel}[data-chrome="bare"] &`]: { padding: `0 0 ${vars.space.sm}` } },
});

export const log = style({
  flex: 1,
  minHeight: 0,
  overflowY: 'auto',
  padding: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  selectors: {
    [`${panel}[data-chrome="bare"] &`]: { padding: `${vars.space.sm} 0` },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
  },
});

export const empty = style({ margin: 'auto 0' });

// ---------- messages ----------

export const item = style({
  ...flexColumn(vars.space.xxs),
  maxWidth: '88%',
  alignSelf: 'flex-start',
  minWidth: 0,
  selectors: { '&[data-type="user"]': { alignSelf: 'flex-end', alignItems: 'flex-end' } },
});

export const meta = style({
  ...flexWrapRow(vars.space.xs),
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});

export const bubble = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceSunken,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  lineHeight: 1.5,
  overflowWrap: 'anywhere',
  minWidth: 0,
  maxWidth: '100%',
  selectors: {
    [`${item}[data-type="user"] &`]: {
      background: vars.color.primary,
      color: vars.color.primaryText,
      whiteSpace: 'pre-wrap',
      borderBottomRightRadius: vars.radius.sm,
    },
    [`${item}[data-type="bot"] &`]: { borderBottomLeftRadius: vars.radius.sm },
    [`${item}[data-error="true"] &`]: {
      background: vars.color.dangerSubtle,
      color: vars.color.dangerText,
      border: `1px solid ${vars.color.danger}`,
    },
    [`${item}[data-offline="true"] &`]: { border: `1px dashed ${vars.color.warning}` },
  },
});

const blink = keyframes({ '0%, 100%': { opacity: 0.2 }, '50%': { opacity: 1 } });

/** The caret shown at the end of an answer that is still arriving. */
export const caret = style({
  display: 'inline-block',
  width: '0.5em',
  height: '1em',
  marginLeft: vars.space.xxs,
  verticalAlign: 'text-bottom',
  background: vars.color.textMuted,
  animation: `${blink} 1s ease-in-out infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const thinking = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceSunken,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
});

const bounce = keyframes({
  '0%, 80%, 100%': { transform: 'translateY(0)', opacity: 0.4 },
  '40%': { transform: 'translateY(-3px)', opacity: 1 },
});
export const dots = style({ display: 'inline-flex', gap: '3px' });
export const dot = style({
  width: '6px',
  height: '6px',
  borderRadius: vars.radius.full,
  background: vars.color.textMuted,
  animation: `${bounce} 1.2s ease-in-out infinite`,
  selectors: {
    '&:nth-child(2)': { animationDelay: '0.15s' },
    '&:nth-child(3)': { animationDelay: '0.3s' },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

// ---------- markdown inside bot bubbles ----------

export const markdown = style({});
globalStyle(`${markdown} > :first-child`, { marginTop: 0 });
globalStyle(`${markdown} > :last-child`, { marginBottom: 0 });
globalStyle(
  `${markdown} p, ${markdown} ul, ${markdown} ol, ${markdown} pre, ${markdown} blockquote, ${markdown} table`,
  {
    margin: `0 0 ${vars.space.sm}`,
  },
);
globalStyle(`${markdown} ul, ${markdown} ol`, { paddingLeft: vars.space.xl });
globalStyle(`${markdown} [data-md-heading]`, { fontSize: vars.fontSize.md });
globalStyle(`${markdown} [data-md-heading="1"], ${markdown} [data-md-heading="2"]`, {
  fontSize: vars.fontSize.lg,
});
globalStyle(`${markdown} a`, { color: vars.color.primary, textDecoration: 'underline' });
globalStyle(`${markdown} code`, {
  fontFamily: vars.font.mono,
  fontSize: '0.9em',
  background: vars.color.surface,
  borderRadius: vars.radius.sm,
  padding: `0 ${vars.space.xxs}`,
});
// Code and tables wrap instead of scrolling: no scroll region inside a bubble (keyboard users
// could not reach it) and nothing wider than a phone.
globalStyle(`${markdown} pre`, {
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  padding: vars.space.sm,
  ...surfaceBox(vars.radius.md),
});
globalStyle(`${markdown} pre code`, { padding: 0, background: 'transparent' });
globalStyle(`${markdown} blockquote`, {
  paddingLeft: vars.space.md,
  borderLeft: `3px solid ${vars.color.borderStrong}`,
  color: vars.color.textMuted,
});
globalStyle(`${markdown} table`, {
  borderCollapse: 'collapse',
  maxWidth: '100%',
});
globalStyle(`${markdown} th, ${markdown} td`, {
  border: `1px solid ${vars.color.border}`,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  textAlign: 'left',
  overflowWrap: 'anywhere',
});
globalStyle(`${markdown} hr`, {
  border: 0,
  borderTop: `1px solid ${vars.color.border}`,
  margin: `${vars.space.sm} 0`,
});

// ---------- composer ----------

export const composer = style({
  display: 'flex',
  alignItems: 'flex-end',
  gap: vars.space.sm,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  selectors: {
    [`${panel}[data-chrome="bare"] &`]: { padding: `${vars.space.md} 0 0` },
  },
  '@supports': {
    '(padding: max(0px))': {
      paddingBottom: `max(${vars.space.md}, env(safe-area-inset-bottom))`,
    },
  },
});

export const input = style({
  flex: 1,
  minWidth: 0,
  minHeight: '44px',
  maxHeight: '160px',
  resize: 'none',
  fieldSizing: 'content',
  ...framed(
    `${vars.space.sm} ${vars.space.md}`,
    `1px solid ${vars.color.borderStrong}`,
    vars.radius.md,
  ),
  background: vars.color.surface,
  color: vars.color.text,
  fontFamily: vars.font.body,
  // 16px keeps phones from zooming into the field.
  fontSize: vars.fontSize.lg,
  lineHeight: 1.4,
  selectors: {
    '&::placeholder': { color: vars.color.textMuted, opacity: 1 },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
    '&:disabled': { opacity: 0.6, cursor: 'not-allowed' },
  },
  '@media': { [media.md]: { fontSize: vars.fontSize.md } },
});

// ---------- public page ----------

export const page = style({
  height: '100dvh',
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.background,
  '@media': {
    [media.md]: { padding: vars.space.xl, alignItems: 'center' },
  },
});

export const pageCard = style({
  flex: 1,
  minHeight: 0,
  width: '100%',
  display: 'flex',
  flexDirection: 'column',
  overflow: 'hidden',
  '@media': {
    [media.md]: {
      maxWidth: '760px',
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.xl,
      boxShadow: vars.shadow.md,
    },
  },
});

export const pageError = style({
  margin: 'auto',
  width: '100%',
  maxWidth: '520px',
  padding: vars.space.lg,
  ...flexColumn(vars.space.md),
});

/** The panel inside the Drawer's body: fills it, on the drawer's own background. */
export const drawerPanel = style({ background: 'transparent' });
