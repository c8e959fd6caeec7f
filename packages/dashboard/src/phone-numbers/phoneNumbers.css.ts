import { style } from '@vanilla-extract/css';
import { media, vars } from '@parley/ui';
import {
  mutedColor as channelAgentLabel,
  rowSm as agentCell,
  stackXs as channelAgents,
  term as channelAgentOther,
  wrapXs as channels,
} from '../styles/common.css';
import { flexBox, textLine } from '../styles/recipes';

export { agentCell, channelAgentLabel, channelAgentOther, channelAgents, channels };

export const filters = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: '1fr',
  alignItems: 'end',
  '@media': {
    [media.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [media.lg]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr)) auto' },
  },
});

/** A channel chip: a disabled channel is struck through (besides its ✕ and its colour). */
export const channelChip = style({
  selectors: { '&[data-enabled="false"]': { textDecoration: 'line-through' } },
});

export const summary = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
  color: vars.color.text,
});

/** Sync Phone Numbers and, for a member, why it is disabled (under it, aligned to its end). */
export const syncAction = style({
  ...flexBox({ flexDirection: 'column', alignItems: 'flex-end', gap: vars.space.xxs }),
  maxWidth: '22rem',
});
export const syncReason = style({
  ...textLine(vars.fontSize.sm, vars.color.textMuted),
  textAlign: 'end',
});
