import { style } from '@vanilla-extract/css';
import { vars } from '@parley/ui';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const cellStack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs });
export const summary = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 10rem), 1fr))',
  gap: vars.space.md,
  margin: 0,
});
export const summaryItem = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs });
export const term = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const definition = style({ margin: 0, color: vars.color.text, overflowWrap: 'anywhere' });
export const turns = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
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
export const turnHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
export const speaker = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.text });
export const turnText = style({ margin: 0, color: vars.color.text, whiteSpace: 'pre-wrap' });
export const figures = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  margin: 0,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
});
export const error = style({ margin: 0, color: vars.color.dangerText, fontSize: vars.fontSize.sm });
export const headRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.sm,
});
export const liveState = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  margin: 0,
  color: vars.color.text,
  fontWeight: vars.fontWeight.semibold,
});
export const interim = style({ opacity: 0.7, fontStyle: 'italic' });
export const figureTerm = style({ display: 'inline', marginInlineEnd: vars.space.xxs });
export const figureValue = style({ display: 'inline', margin: 0 });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
