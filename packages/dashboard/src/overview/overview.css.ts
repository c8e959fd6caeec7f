import { style } from '@vanilla-extract/css';
import { media, vars } from '@parley/ui';
import {
  headingXxl as heading,
  listSm as statusList,
  rowSm as statusItem,
  spreadMd as welcome,
  stackXl as overview,
  stackXxs as action,
  term as actionHint,
} from '../styles/common.css';
import { bareList } from '../styles/recipes';

export { action, actionHint, heading, overview, statusItem, statusList, welcome };

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
  ...bareList,
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
});
export const statusDot = style({
  width: '8px',
  height: '8px',
  borderRadius: vars.radius.full,
  background: vars.color.success,
});
