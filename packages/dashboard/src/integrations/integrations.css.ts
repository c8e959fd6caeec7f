import { style } from '@vanilla-extract/css';
import { vars } from '@parley/ui';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const header = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 22rem), 1fr))',
});
export const card = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const cardHead = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.sm,
});
export const cardTitle = style({ margin: 0, fontSize: vars.fontSize.lg, color: vars.color.text });
export const masked = style({ margin: 0, display: 'grid', gap: vars.space.xs });
export const maskedRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  fontFamily: 'monospace',
  color: vars.color.text,
});
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
export const ok = style({ margin: 0, color: vars.color.successText, fontSize: vars.fontSize.sm });
export const fail = style({ margin: 0, color: vars.color.dangerText, fontSize: vars.fontSize.sm });
export const voiceList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  maxHeight: '20rem',
  overflowY: 'auto',
});
export const voiceRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  color: vars.color.text,
});
