import { style } from '@vanilla-extract/css';
import { media, focusOutline, vars } from '@parley/ui';

/** The settings column: status strip, banners, then one card per panel. */
export const settings = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  minWidth: 0,
});

/** Two columns of fields from the md breakpoint. */
export const fields = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const fullWidth = style({ gridColumn: '1 / -1' });

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  paddingTop: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
  minWidth: 0,
});

export const sectionHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const sectionTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});

export const sectionActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});

export const muted = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const keyRow = style({
  display: 'flex',
  alignItems: 'flex-end',
  gap: vars.space.sm,
  minWidth: 0,
});
export const grow = style({ flex: 1, minWidth: 0 });

/** The agent key with its 'Test key' control and the result line (space reserved: no shift). */
export const keyTest = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs });
export const keyTestResult = style({ minHeight: '1.5em', fontSize: vars.fontSize.sm });
export const keyTestOk = style({ margin: 0, color: vars.color.success });
export const keyTestFailed = style({
  margin: 0,
  color: vars.color.danger,
  overflowWrap: 'anywhere',
});

export const switches = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.lg,
});

// ---------------------------------------------------------------- knowledge list

export const knowledgeList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const knowledgeRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
  minWidth: 0,
  selectors: { '&[data-deleted]': { borderColor: vars.color.danger } },
});

export const knowledgeName = style({
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});

// ---------------------------------------------------------------- knowledge modal

export const modalBody = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  minWidth: 0,
});

export const choiceList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  maxHeight: '320px',
  overflowY: 'auto',
});

export const choice = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  color: vars.color.text,
  selectors: {
    '&:has(input:checked)': {
      borderColor: vars.color.primary,
      background: vars.color.primarySubtle,
    },
  },
});

export const checkbox = style({
  width: '18px',
  height: '18px',
  margin: 0,
  flexShrink: 0,
  accentColor: vars.color.primary,
  selectors: {
    '&:focus-visible': focusOutline(),
  },
});

export const choiceText = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  minWidth: 0,
});

export const choiceName = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  overflowWrap: 'anywhere',
});

export const count = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
});

// ---------------------------------------------------------------- status strip

export const statusStrip = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
});

export const statusDot = style({
  width: '8px',
  height: '8px',
  borderRadius: vars.radius.full,
  flexShrink: 0,
  background: vars.color.textMuted,
  selectors: {
    '[data-state="saving"] > &': { background: vars.color.info },
    '[data-state="saved"] > &': { background: vars.color.success },
    '[data-state="error"] > &': { background: vars.color.danger },
    '[data-state="blocked"] > &': { background: vars.color.danger },
    '[data-dirty] > &': { background: vars.color.warning },
  },
});

export const statusText = style({
  fontWeight: vars.fontWeight.medium,
  selectors: { '[data-state="error"] > &': { color: vars.color.dangerText } },
});

export const lastSaved = style({ color: vars.color.textMuted });

// ---------------------------------------------------------------- banners

/**
 * The banners float at the bottom of the window instead of sitting above the form, so one
 * appearing or clearing never moves the field being typed in (no layout shift).
 */
export const banners = style({
  position: 'fixed',
  insetInlineEnd: vars.space.lg,
  insetBlockEnd: vars.space.lg,
  zIndex: 40,
  width: 'min(420px, calc(100vw - 2 * 16px))',
  maxHeight: '60vh',
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  boxShadow: vars.shadow.lg,
  borderRadius: vars.radius.md,
});

export const causes = style({
  margin: 0,
  paddingLeft: vars.space.lg,
  fontSize: vars.fontSize.sm,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
});

// ---------------------------------------------------------------- stories

export const storyStack = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
  maxWidth: '960px',
});

/** The field that cannot be saved, named in the status strip. */
export const statusBlocked = style({
  color: vars.color.danger,
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: 'anywhere',
});

/** The 'Set keys in Integrations' link beside the read-only masked keys. */
export const keyLink = style({
  alignSelf: 'start',
  color: vars.color.primary,
  fontSize: vars.fontSize.sm,
  textDecoration: 'underline',
});

/** Voice ID (read-only, masked) with its 'Change voice' button. */
export const voiceIdRow = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});

export const changeVoice = style({ alignSelf: 'start' });
