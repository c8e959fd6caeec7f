import { style } from '@vanilla-extract/css';
import { media, vars } from '@parley/ui';

export const overview = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xl });
export const welcome = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});
export const heading = style({ margin: 0, fontSize: vars.fontSize.xxl, color: vars.color.text });
export const muted = style({ margin: `${vars.space.xs} 0 0`, color: vars.color.textMuted });
export const stats = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: '1fr',
  '@media': {
    [media.sm]: { gridTemplateColumns: 'repeat(2, 1fr)' },
    [media.lg]: { gridTemplateColumns: 'repeat(4, 1fr)' },
  },
});
/** Quick Actions beside System Status: each card as tall as its content (no empty card). */
export const columns = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: '1fr',
  alignItems: 'start',
  '@media': { [media.md]: { gridTemplateColumns: '2fr 1fr' } },
});
export const actions = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
});
/** One quick action: its button and, under it, what it is for. */
export const action = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs });
export const actionHint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const statusList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
export const statusItem = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });
export const statusDot = style({
  width: '8px',
  height: '8px',
  borderRadius: vars.radius.full,
  background: vars.color.success,
});
