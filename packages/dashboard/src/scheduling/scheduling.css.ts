import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '@parley/ui';
import {
  end as formActions,
  endWrap as settingsActions,
  errorText as fieldError,
  headingLg as heading,
  listXs as rulesList,
  muted,
  shrink as rulesCard,
  shrinkStackMd as column,
  spreadSm as listHeader,
  stackMd as form,
  term,
  wrapSm as actions,
} from '../styles/common.css';
import {
  bareList,
  flexBox,
  flexColumn,
  flexRow,
  flexWrapItems,
  flexWrapRow,
  framed,
} from '../styles/recipes';

export {
  actions,
  column,
  fieldError,
  form,
  formActions,
  heading,
  listHeader,
  muted,
  rulesCard,
  rulesList,
  settingsActions,
  term,
};

export const layout = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: '1fr',
  '@media': { [media.lg]: { gridTemplateColumns: 'minmax(18rem, 2fr) 3fr' } },
});
export const list = style({
  ...bareList,
  ...flexColumn(vars.space.xs),
});
export const item = style({
  display: 'flex',
  width: '100%',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.sm,
  ...framed(vars.space.md, `1px solid ${vars.color.border}`, vars.radius.md),
  background: vars.color.surface,
  color: vars.color.text,
  textAlign: 'left',
  cursor: 'pointer',
  font: 'inherit',
  selectors: {
    '&[data-selected="true"]': {
      borderColor: vars.color.primary,
      background: vars.color.surfaceSunken,
    },
    '&:focus-visible': { outline: `2px solid ${vars.color.primary}`, outlineOffset: 2 },
  },
});
/** A status chip keeps its whole word ('cancelled', not 'can…') beside a long line. */
export const status = style({ flexShrink: 0 });
export const itemText = style({
  ...flexColumn(vars.space.xs),
  minWidth: 0,
  overflowWrap: 'anywhere',
});
export const pane = style({
  ...flexColumn(vars.space.md),
  ...framed(vars.space.lg, `1px solid ${vars.color.border}`, vars.radius.lg),
  background: vars.color.surface,
  color: vars.color.text,
  minWidth: 0,
});
export const details = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  columnGap: vars.space.lg,
  rowGap: vars.space.sm,
  margin: 0,
});
export const value = style({ margin: 0, overflowWrap: 'anywhere' });
export const attempt = style({
  ...flexWrapRow(vars.space.sm),
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
});
export const sandbox = style({
  ...flexBox({ flexWrap: 'wrap', alignItems: 'end', gap: vars.space.md }),
});
export const nativeInput = style({
  ...framed(vars.space.sm, `1px solid ${vars.color.border}`, vars.radius.md),
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
});
export const fieldLabel = style({
  ...flexColumn(vars.space.xs),
  fontSize: vars.fontSize.sm,
});

/** The Outbound tab's rules (calling window and cap, do-not-call list), side by side when wide. */
export const rules = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: '1fr',
  alignItems: 'start',
  '@media': { [media.lg]: { gridTemplateColumns: '1fr 1fr' } },
});
export const settingsGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))',
  gap: vars.space.md,
  alignItems: 'start',
});
export const addRow = style({
  ...flexWrapItems(vars.space.sm),
  alignItems: 'flex-end',
});
/** The add form's fields share the row; its button keeps its size. */
globalStyle(`${addRow} > :not(button)`, { flex: '1 1 10rem', minWidth: 0 });
export const subheading = style({
  margin: `${vars.space.sm} 0 0`,
  fontSize: vars.fontSize.md,
  color: vars.color.text,
});
export const rulesItem = style({
  ...flexRow(vars.space.sm, 'space-between'),
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
});
