import { style } from '@vanilla-extract/css';
import { focusOutline, vars } from '@parley/ui';
import {
  fieldGrid as fields,
  fullWidth,
  inlineSm as sectionActions,
  listSm as knowledgeList,
  mutedColor as lastSaved,
  shrinkStackLg as settings,
  shrinkStackMd as modalBody,
  shrinkStackXxs as choiceText,
  spreadSm as sectionHeader,
  stackXs as voiceIdRow,
  stackXxs as keyTest,
  subheadingMd as sectionTitle,
} from '../../styles/common.css';
import {
  bareList,
  checkedChoice,
  choiceCard,
  flexColumn,
  flexRow,
  flexWrapItems,
  flexWrapRow,
  framed,
} from '../../styles/recipes';

export {
  choiceText,
  fields,
  fullWidth,
  keyTest,
  knowledgeList,
  lastSaved,
  modalBody,
  sectionActions,
  sectionHeader,
  sectionTitle,
  settings,
  voiceIdRow,
};

export const section = style({
  ...flexColumn(vars.space.md),
  paddingTop: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
  minWidth: 0,
});

export const muted = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const keyRow = style({
  display: 'flex',
  alignItems: 'flex-end',
  gap: vars.space.sm,
  minWidth: 0,
});
export const grow = style({ flex: 1, minWidth: 0 });

export const keyTestResult = style({ minHeight: '1.5em', fontSize: vars.fontSize.sm });
export const keyTestOk = style({ margin: 0, color: vars.color.success });
export const keyTestFailed = style({
  margin: 0,
  color: vars.color.danger,
  overflowWrap: 'anywhere',
});

export const switches = style({
  ...flexWrapItems(vars.space.lg),
});

// ---------------------------------------------------------------- knowledge list

export const knowledgeRow = style({
  ...flexRow(vars.space.sm),
  ...framed(`${vars.space.sm} ${vars.space.md}`, `1px solid ${vars.color.border}`, vars.radius.md),
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

export const choiceList = style({
  ...bareList,
  ...flexColumn(vars.space.xs),
  maxHeight: '320px',
  overflowY: 'auto',
});

export const choice = style({
  ...flexRow(vars.space.md),
  ...choiceCard(`${vars.space.sm} ${vars.space.md}`),
  selectors: checkedChoice,
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
  ...flexWrapRow(vars.space.sm),
  ...framed(`${vars.space.sm} ${vars.space.md}`, `1px solid ${vars.color.border}`, vars.radius.md),
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
  ...flexColumn(vars.space.sm),
  boxShadow: vars.shadow.lg,
  borderRadius: vars.radius.md,
});

export const causes = style({
  margin: 0,
  paddingLeft: vars.space.lg,
  fontSize: vars.fontSize.sm,
  ...flexColumn(vars.space.xxs),
});

// ---------------------------------------------------------------- stories

export const storyStack = style({
  ...flexColumn(vars.space.xl),
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

export const changeVoice = style({ alignSelf: 'start' });
