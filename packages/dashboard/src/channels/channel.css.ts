import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@parley/ui';
import {
  end as actions,
  grow,
  headingXxl as heading,
  listMd as threads,
  listSm as messages,
  muted,
  stackLg as screen,
  stackMd as form,
} from '../styles/common.css';
import {
  flexBox,
  flexColumn,
  flexWrapItems,
  flexWrapRow,
  framed,
  textLine,
} from '../styles/recipes';

export { actions, form, grow, heading, messages, muted, screen, threads };

/** The frame of every channel screen (Phone Numbers, SMS, WhatsApp, Email). */
export const header = style({
  ...flexWrapRow(vars.space.md, 'space-between'),
});
// A long heading (a mailbox address, a subject) wraps instead of widening the header.
globalStyle(`${header} > *`, { minWidth: 0, overflowWrap: 'anywhere' });
/** A row of controls whose items are centred (Phone Numbers' search, badge and Add Agent). */
export const toolbar = style({
  ...flexWrapRow(vars.space.md),
});
export const numberText = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
/** A slim notice's Details: inline after its line. */
export const noticeToggle = style({
  minHeight: 0,
  padding: `0 ${vars.space.xs}`,
  textDecoration: 'underline',
});
/** A notice's opened details: their own lines under the slim line. */
export const noticeDetails = style({
  flexBasis: '100%',
  ...flexColumn(vars.space.xxs),
  paddingBlock: vars.space.xxs,
});
export const noticeText = style({ margin: 0 });

/** The filter bar: the search, the filters and the tab's buttons, aligned on their bottoms. */
export const filterBar = style({
  ...flexBox({ flexWrap: 'wrap', alignItems: 'flex-end', gap: vars.space.md }),
});
export const filterSelect = style({ minWidth: '14rem' });
export const rowActions = style({
  ...flexWrapItems(vars.space.sm),
  alignItems: 'center',
});
export const thread = style({
  minWidth: 0,
  ...framed(vars.space.md, `1px solid ${vars.color.border}`, vars.radius.md),
  background: vars.color.surface,
  ...flexColumn(vars.space.sm),
});
export const threadHeading = style({
  ...textLine(vars.fontSize.md, vars.color.text),
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'anywhere',
});
export const message = style({
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
  color: vars.color.text,
});
export const inbound = style({ borderInlineStart: `3px solid ${vars.color.border}` });
export const outbound = style({ borderInlineStart: `3px solid ${vars.color.primary}` });
export const meta = style({
  ...flexWrapItems(vars.space.sm),
  alignItems: 'center',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  minWidth: 0,
  overflowWrap: 'anywhere',
});
/** A message body: its own line breaks kept; a long word, URL or token wraps anywhere. */
export const text = style({
  margin: `${vars.space.xs} 0 0`,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});
