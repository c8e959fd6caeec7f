import { globalStyle, style } from '@vanilla-extract/css';
import { media, focusOutline, vars } from '@parley/ui';

export const screen = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  minWidth: 0,
});

export const back = style({ alignSelf: 'flex-start' });

export const header = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
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
  display: 'flex',
  gap: vars.space.md,
  alignItems: 'center',
  minWidth: 0,
  // In the row only (a basis in the phone's column would be a height).
  '@media': { [media.md]: { flex: '1 1 320px' } },
});

export const identityText = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  minWidth: 0,
});

export const name = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  color: vars.color.text,
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
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  maxWidth: '100%',
});

/** The agent's expected cost per minute and latency, under its id. */
export const figures = style({
  margin: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xxs} ${vars.space.md}`,
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
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  minWidth: 0,
  '@media': { [media.md]: { alignItems: 'flex-end' } },
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  '@media': { [media.md]: { justifyContent: 'flex-end' } },
});

export const actionNotes = style({
  display: 'flex',
  flexWrap: 'wrap',
  // As wide as the buttons, never wider: a long note wraps instead of pushing them around.
  width: 0,
  minWidth: '100%',
  gap: `${vars.space.xxs} ${vars.space.md}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  '@media': { [media.md]: { justifyContent: 'flex-end', textAlign: 'right' } },
});

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const sections = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

/** A section looks like the editor's panels (the ui Card): same padding, border, shadow, gap. */
export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.xl,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
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

export const widget = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const widgetHeading = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  color: vars.color.text,
});

export const widgetSubheading = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});

export const fields = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: '1fr',
  '@media': { [media.lg]: { gridTemplateColumns: '1fr 1fr' } },
});

export const snippetBlock = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
});

export const snippetHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
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
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
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

export const panels = style({ minWidth: 0 });

export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

// ---------- allowed origins ----------
export const originsForm = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const originsActions = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});
export const originsHint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** A link that looks like a secondary button ('Open chat page'). */
export const linkButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  height: '38px',
  padding: `0 ${vars.space.lg}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
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
