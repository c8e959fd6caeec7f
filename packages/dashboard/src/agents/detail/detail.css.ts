import { globalStyle, style } from '@vanilla-extract/css';
import { media, focusOutline, vars } from '@parley/ui';
import {
  headingLg as widgetHeading,
  shrink as panels,
  shrinkStackSm as snippetBlock,
  shrinkStackXxs as identityText,
  spreadNoWrap as snippetHeader,
  spreadNoWrap as originsActions,
  stackLg as sections,
  stackLg as widget,
  stackSm as originsForm,
  stackSm as stack,
  subheadingMd as widgetSubheading,
  term as originsHint,
  visuallyHidden,
} from '../../styles/common.css';
import {
  flexBox,
  flexColumn,
  flexRow,
  flexWrapItems,
  framed,
  monoText,
  raisedPanel,
  textLine,
} from '../../styles/recipes';

export {
  identityText,
  originsActions,
  originsForm,
  originsHint,
  panels,
  sections,
  snippetBlock,
  snippetHeader,
  stack,
  visuallyHidden,
  widget,
  widgetHeading,
  widgetSubheading,
};

export const screen = style({
  ...flexColumn(vars.space.lg),
  minWidth: 0,
});

export const back = style({ alignSelf: 'flex-start' });

export const header = style({
  ...flexColumn(vars.space.lg),
  ...raisedPanel(vars.space.lg),
  '@media': {
    // Side by side while both fit; else the actions go under the name (never squeezing it).
    [media.md]: {
      flexDirection: 'row',
      flexWrap: 'wrap',
      alignItems: 'center',
      justifyContent: 'space-between',
    },
  },
});

export const identity = style({
  ...flexRow(vars.space.md),
  minWidth: 0,
  // In the row only (a basis in the phone's column would be a height).
  '@media': { [media.md]: { flex: '1 1 320px' } },
});

export const name = style({
  ...textLine(vars.fontSize.xxl, vars.color.text),
  overflowWrap: 'anywhere',
});

export const description = style({
  margin: 0,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

/** One line, never broken inside the id; a longer id ends in an ellipsis (whole in its title). */
export const agentId = style({
  margin: 0,
  ...monoText(vars.fontSize.xs, vars.color.textMuted),
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  maxWidth: '100%',
});

/** The agent's expected cost per minute and latency, under its id. */
export const figures = style({
  margin: 0,
  ...flexWrapItems(`${vars.space.xxs} ${vars.space.md}`),
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});
export const figure = style({ display: 'inline-flex', gap: vars.space.xxs, margin: 0 });
export const figureValue = style({
  margin: 0,
  color: vars.color.text,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
});

/** The buttons, with the notes about them (the tests' outcome, why a call cannot start) under. */
export const actionsArea = style({
  ...flexBox({ flexDirection: 'column', alignItems: 'flex-start', gap: vars.space.xs }),
  minWidth: 0,
  '@media': { [media.md]: { alignItems: 'flex-end' } },
});

export const actions = style({
  ...flexWrapItems(vars.space.sm),
  '@media': { [media.md]: { justifyContent: 'flex-end' } },
});

export const actionNotes = style({
  display: 'flex',
  flexWrap: 'wrap',
  // As wide as the buttons, never wider: a long note wraps instead of pushing them around.
  width: 0,
  minWidth: '100%',
  gap: `${vars.space.xxs} ${vars.space.md}`,
  ...textLine(vars.fontSize.sm, vars.color.textMuted),
  '@media': { [media.md]: { justifyContent: 'flex-end', textAlign: 'right' } },
});

/** A section looks like the editor's panels (the ui Card): same padding, border, shadow, gap. */
export const section = style({
  ...flexColumn(vars.space.md),
  ...raisedPanel(vars.space.xl),
  minWidth: 0,
});

/**
 * Every section a tab or a `section=` link scrolls to (the detail's own, the settings panels,
 * Calls, Tests, Conversations: ids `agent-…`) clears the dashboard's sticky navbar: one row on
 * phones and wide screens, two rows between (its tabs wrap under the brand).
 */
globalStyle(`${screen} [id^="agent-"]`, {
  scrollMarginTop: '128px',
  '@media': {
    'screen and (max-width: 639px)': { scrollMarginTop: '64px' },
    [media.lg]: { scrollMarginTop: '72px' },
  },
});

/** As the Card title of the other panels. */
export const sectionHeading = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: 1.3,
  color: vars.color.text,
});

export const muted = style({ margin: 0, color: vars.color.textMuted });

export const stateBox = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.xl,
  color: vars.color.textMuted,
});

// ---------- widget tab ----------

export const fields = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: '1fr',
  '@media': { [media.lg]: { gridTemplateColumns: '1fr 1fr' } },
});

export const snippet = style({
  margin: 0,
  padding: vars.space.md,
  // Wrapped at spaces (never inside a URL); a URL wider than a phone scrolls sideways instead, in
  // a region that takes keyboard focus.
  whiteSpace: 'pre-wrap',
  overflowWrap: 'normal',
  wordBreak: 'normal',
  overflowX: 'auto',
  background: vars.color.surfaceSunken,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  lineHeight: 1.5,
});

export const howTo = style({
  margin: 0,
  paddingLeft: vars.space.xl,
  ...flexColumn(vars.space.xs),
  color: vars.color.text,
});

export const code = style({
  fontFamily: vars.font.mono,
  fontSize: '0.9em',
  background: vars.color.surfaceSunken,
  borderRadius: vars.radius.sm,
  padding: `0 ${vars.space.xxs}`,
});

export const causes = style({ margin: `${vars.space.xs} 0 0`, paddingLeft: vars.space.lg });

// ---------- allowed origins ----------

/** A link that looks like a secondary button ('Open chat page'). */
export const linkButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  height: '38px',
  ...framed(`0 ${vars.space.lg}`, `1px solid ${vars.color.borderStrong}`, vars.radius.md),
  background: vars.color.surface,
  color: vars.color.text,
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.md,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover': { background: vars.color.surfaceSunken },
    '&:focus-visible': focusOutline(),
  },
});

export const snippetLabel = style({
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.sm,
});

/** A link in running text (the API reference): the theme's primary, underlined. */
export const textLink = style({ color: vars.color.primary, textDecoration: 'underline' });
