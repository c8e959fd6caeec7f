import { style } from '@vanilla-extract/css';
import { media, vars } from '@parley/ui';

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
export const channels = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

/** A channel chip: a disabled channel is struck through (besides its ✕ and its colour). */
export const channelChip = style({
  selectors: { '&[data-enabled="false"]': { textDecoration: 'line-through' } },
});

export const agentCell = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });
export const summary = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
  color: vars.color.text,
});
/** The Agent cell: the voice agent, then the SMS and WhatsApp agents (each channel its own). */
export const channelAgents = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});
export const channelAgentLabel = style({ color: vars.color.textMuted });
export const channelAgentOther = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** Sync Phone Numbers and, for a member, why it is disabled (under it, aligned to its end). */
export const syncAction = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  gap: vars.space.xxs,
  maxWidth: '22rem',
});
export const syncReason = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  textAlign: 'end',
});
