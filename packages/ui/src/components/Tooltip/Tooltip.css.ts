import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const content = style({
  background: vars.color.text,
  color: vars.color.background,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  maxWidth: '260px',
  boxShadow: vars.shadow.md,
  zIndex: vars.zIndex.tooltip,
  selectors: {
    '&[data-size="text"]': {
      maxWidth: 'min(560px, calc(100vw - 16px))',
      // Radix gives the room left in the window: the bubble never runs off it; it scrolls.
      maxHeight: 'min(60vh, var(--radix-tooltip-content-available-height, 60vh))',
      overflowY: 'auto',
      whiteSpace: 'pre-wrap',
      overflowWrap: 'break-word',
      lineHeight: 1.5,
    },
  },
});

export const arrow = style({ fill: vars.color.text });
