import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@parley/ui';

/** The frame of every channel screen (Phone Numbers, SMS, WhatsApp, Email). */
export const screen = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.md,
});
// A long heading (a mailbox address, a subject) wraps instead of widening the header.
globalStyle(`${header} > *`, { minWidth: 0, overflowWrap: 'anywhere' });
export const heading = style({ margin: 0, fontSize: vars.fontSize.xxl, color: vars.color.text });
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const grow = style({ flex: '1 1 16rem', minWidth: 0 });
/** A row of controls whose items are centred (Phone Numbers' search, badge and Add Agent). */
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
});
export const numberText = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
/** A modal's or a panel's column of fields, and its buttons at the end. */
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const actions = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.sm });
/** A slim notice's Details: inline after its line. */
export const noticeToggle = style({
  minHeight: 0,
  padding: `0 ${vars.space.xs}`,
  textDecoration: 'underline',
});
/** A notice's opened details: their own lines under the slim line. */
export const noticeDetails = style({
  flexBasis: '100%',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  paddingBlock: vars.space.xxs,
});
export const noticeText = style({ margin: 0 });

/** The filter bar: the search, the filters and the tab's buttons, aligned on their bottoms. */
export const filterBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.md,
});
export const filterSelect = style({ minWidth: '14rem' });
export const rowActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
});
export const threads = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});
export const thread = style({
  minWidth: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  background: vars.color.surface,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
export const threadHeading = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  color: vars.color.text,
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'anywhere',
});
export const messages = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
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
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
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
