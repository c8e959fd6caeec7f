import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '@parley/ui';

export const filters = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 11rem), 1fr))',
  gap: vars.space.sm,
  alignItems: 'end',
});
/** The search takes two columns where there is room: its placeholder is never cut. */
export const searchCell = style({
  minWidth: 0,
  '@media': { 'screen and (min-width: 640px)': { gridColumn: 'span 2' } },
});
export const chip = style({
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  ...framed(
    `${vars.space.xxs} ${vars.space.md}`,
    `1px solid ${vars.color.border}`,
    vars.radius.full,
  ),
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': {
      background: vars.color.primarySubtle,
      borderColor: vars.color.primary,
      fontWeight: vars.fontWeight.semibold,
    },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});
export const link = style({
  color: vars.color.primary,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}` } },
});

/** List and thread side by side on wide screens; one at a time on small ones. */
export const panes = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
  alignItems: 'start',
  '@media': { [media.md]: { gridTemplateColumns: 'minmax(16rem, 2fr) minmax(0, 3fr)' } },
});
export const listPane = style({
  ...flexColumn(vars.space.sm),
  minWidth: 0,
  selectors: {
    '[data-thread-open="true"] > &': { '@media': { [media.belowMd]: { display: 'none' } } },
  },
});
export const threadPane = style({
  minWidth: 0,
  selectors: {
    '[data-thread-open="false"] > &': { '@media': { [media.belowMd]: { display: 'none' } } },
  },
});
export const row = style({
  ...flexColumn(vars.space.xxs),
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  cursor: 'pointer',
  color: vars.color.text,
  selectors: {
    '&:last-child': { borderBottom: 'none' },
    '&:hover': { background: vars.color.surfaceSunken },
    '&[aria-selected="true"]': {
      background: vars.color.primarySubtle,
      boxShadow: `inset 3px 0 0 ${vars.color.primary}`,
    },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
  },
});
export const rowTop = style({
  ...flexWrapRow(vars.space.xs),
  fontSize: vars.fontSize.sm,
});
export const when = style({ marginInlineStart: 'auto', color: vars.color.textMuted });
export const preview = style({
  ...textLine(vars.fontSize.sm, vars.color.textMuted),
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
export const unreadDot = style({
  width: '0.5rem',
  height: '0.5rem',
  borderRadius: vars.radius.full,
  background: vars.color.primary,
  flexShrink: 0,
});

// ---- thread ----
export const facts = style({
  ...flexWrapItems(vars.space.md),
  margin: 0,
  fontSize: vars.fontSize.sm,
});
export const fact = style({ display: 'flex', gap: vars.space.xxs });
export {
  turns as messages,
  turnHead as messageHead,
  speaker as author,
  turnText as text,
  figures,
  error,
} from '../styles/transcript.css';
import {
  borderedList as list,
  center,
  headingXl as heading,
  listXs as latest,
  muted,
  mutedColor as term,
  spreadSm as headRow,
  stackMd as inbox,
  stackMd as thread,
  strongWrap as who,
  term as passages,
  textWrap as definition,
  wrapSm as exportLinks,
  wrapXs as actions,
  wrapXs as chips,
} from '../styles/common.css';
import { flexColumn, flexWrapItems, flexWrapRow, framed, textLine } from '../styles/recipes';

export {
  actions,
  center,
  chips,
  definition,
  exportLinks,
  headRow,
  heading,
  inbox,
  latest,
  list,
  muted,
  passages,
  term,
  thread,
  who,
};

const bubble = {
  ...flexColumn(vars.space.xs),
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  maxWidth: 'min(100%, 40rem)',
  border: `1px solid ${vars.color.border}`,
} as const;
export const message = style({
  ...bubble,
  alignSelf: 'flex-start',
  background: vars.color.surfaceSunken,
  selectors: {
    '&[data-author="agent"]': { alignSelf: 'flex-end', background: vars.color.primarySubtle },
    '&[data-author="member"]': {
      alignSelf: 'flex-end',
      background: vars.color.successSubtle,
    },
  },
});
export const passageList = style({
  margin: `${vars.space.xs} 0 0`,
  paddingInlineStart: vars.space.lg,
  ...flexColumn(vars.space.xs),
});
export const replyBox = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const replyRow = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.xs });
globalStyle(`${replyBox} textarea`, { resize: 'vertical' });

// ---- overview ----
export const latestItem = style({
  ...flexColumn(vars.space.xxs),
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  textDecoration: 'none',
  color: vars.color.text,
  selectors: {
    '&:hover': { background: vars.color.surfaceSunken },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}` },
  },
});
