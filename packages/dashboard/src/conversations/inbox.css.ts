import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '@parley/ui';

export const inbox = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const heading = style({ margin: 0, fontSize: vars.fontSize.xl, color: vars.color.text });
export const headRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.sm,
});
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
export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
export const chip = style({
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  padding: `${vars.space.xxs} ${vars.space.md}`,
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.border}`,
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
export const exportLinks = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
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
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
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
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  background: vars.color.surface,
});
export const row = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
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
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
});
export const who = style({ fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const when = style({ marginInlineStart: 'auto', color: vars.color.textMuted });
export const preview = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
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
export const center = style({ display: 'flex', justifyContent: 'center', padding: vars.space.md });

// ---- thread ----
export const thread = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const facts = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  margin: 0,
  fontSize: vars.fontSize.sm,
});
export const fact = style({ display: 'flex', gap: vars.space.xxs });
export const term = style({ color: vars.color.textMuted });
export const definition = style({ margin: 0, color: vars.color.text, overflowWrap: 'anywhere' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
export {
  turns as messages,
  turnHead as messageHead,
  speaker as author,
  turnText as text,
  figures,
  error,
} from '../styles/transcript.css';

const bubble = {
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
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
export const passages = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
export const passageList = style({
  margin: `${vars.space.xs} 0 0`,
  paddingInlineStart: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});
export const replyBox = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const replyRow = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.xs });
globalStyle(`${replyBox} textarea`, { resize: 'vertical' });

// ---- overview ----
export const latest = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});
export const latestItem = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  textDecoration: 'none',
  color: vars.color.text,
  selectors: {
    '&:hover': { background: vars.color.surfaceSunken },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}` },
  },
});
