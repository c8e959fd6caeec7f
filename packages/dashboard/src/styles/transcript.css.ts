import { style } from '@vanilla-extract/css';
import { vars } from '@parley/ui';

/**
 * A conversation's turns as the call log, the live test call and the inbox show them: the
 * list, a turn's head (who, when), its text, its figures and its error; a call's two sides.
 */
export const turns = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
export const turnHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
export const speaker = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.text });
/** A turn's text: its own line breaks kept; a long word, URL or token wraps anywhere. */
export const turnText = style({
  margin: 0,
  color: vars.color.text,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});
export const figures = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  margin: 0,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
});
export const error = style({
  margin: 0,
  color: vars.color.dangerText,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});
const turnBase = {
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  maxWidth: 'min(100%, 40rem)',
} as const;
export const callerTurn = style({
  ...turnBase,
  alignSelf: 'flex-start',
  background: vars.color.surfaceSunken,
  border: `1px solid ${vars.color.border}`,
});
export const agentTurn = style({
  ...turnBase,
  alignSelf: 'flex-end',
  background: vars.color.primarySubtle,
  border: `1px solid ${vars.color.border}`,
});
