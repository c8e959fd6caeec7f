import { style } from '@vanilla-extract/css';
import { vars } from '@parley/ui';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
export const item = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
export const itemName = style({
  margin: 0,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
  overflowWrap: 'anywhere',
});
export const result = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
});
export const resultHead = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  color: vars.color.text,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});
export const turn = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  paddingLeft: vars.space.sm,
  borderLeft: `3px solid ${vars.color.border}`,
});
export const said = style({
  margin: 0,
  color: vars.color.text,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});
export const speaker = style({ fontWeight: vars.fontWeight.semibold });
export const expectation = style({
  display: 'flex',
  gap: vars.space.xs,
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  overflowWrap: 'anywhere',
});
export const pass = style({ color: vars.color.successText, fontWeight: vars.fontWeight.bold });
export const fail = style({ color: vars.color.dangerText, fontWeight: vars.fontWeight.bold });
export const reasoning = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  fontStyle: 'italic',
});
export const editorTurn = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
export const expectationRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(9rem, 12rem) 1fr auto',
  alignItems: 'end',
  gap: vars.space.sm,
  '@media': { 'screen and (max-width: 40rem)': { gridTemplateColumns: '1fr' } },
});
export const note = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  alignSelf: 'center',
});

/** 'Make a test' with its result under it (transcripts, threads, the chat drawer). */
export const makeTest = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.xs,
});

/** The 'Test made' notice's link to the agent's Tests section. */
export const link = style({
  // The banner's own text colour (its contrast is the banner's), underlined as a link.
  color: 'inherit',
  fontWeight: vars.fontWeight.semibold,
  textDecoration: 'underline',
  ':focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
});

/** The run's estimate when it is more than the organization's test budget has left. */
export const costOver = style({
  margin: 0,
  color: vars.color.dangerText,
  fontSize: vars.fontSize.sm,
});
