import { style } from '@vanilla-extract/css';
import { vars } from '@parley/ui';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const inviteForm = style({
  display: 'grid',
  gridTemplateColumns: '1fr 10rem auto',
  gap: vars.space.md,
  alignItems: 'end',
  '@media': { 'screen and (max-width: 600px)': { gridTemplateColumns: '1fr' } },
});
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
export const row = style({
  display: 'grid',
  gridTemplateColumns: '1fr 10rem auto',
  gap: vars.space.md,
  alignItems: 'center',
  padding: `${vars.space.sm} 0`,
  borderTop: `1px solid ${vars.color.border}`,
  '@media': { 'screen and (max-width: 600px)': { gridTemplateColumns: '1fr' } },
});
/**
 * A row's button keeps its own width (a phone's single column does not stretch it across the
 * card), at the row's end on a wide screen and its start on a phone.
 */
export const rowAction = style({
  justifySelf: 'end',
  '@media': { 'screen and (max-width: 600px)': { justifySelf: 'start' } },
});
export const who = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });
export const name = style({ color: vars.color.text, fontWeight: 600, overflowWrap: 'anywhere' });
export const muted = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});
export const sectionTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  color: vars.color.text,
});
