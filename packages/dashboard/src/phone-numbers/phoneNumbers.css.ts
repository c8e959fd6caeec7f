import { style } from '@vanilla-extract/css';
import { media, vars } from '@parley/ui';

export const screen = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.md,
});
export const heading = style({ margin: 0, fontSize: vars.fontSize.xxl, color: vars.color.text });
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
});
export const grow = style({ flex: '1 1 16rem', minWidth: 0 });
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

export const noticeToggle = style({ alignSelf: 'flex-start', marginTop: vars.space.xs });
export const agentCell = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });
export const numberText = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const actions = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.sm });
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
