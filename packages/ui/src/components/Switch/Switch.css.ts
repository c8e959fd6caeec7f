import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const row = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.md });
export const text = style({ display: 'grid', gap: vars.space.xxs });
export const root = style({
  position: 'relative',
  width: '40px',
  height: '22px',
  flexShrink: 0,
  borderRadius: vars.radius.full,
  border: 'none',
  background: vars.color.borderStrong,
  cursor: 'pointer',
  padding: 0,
  transition: 'background-color 120ms ease',
  selectors: {
    '&[data-state="checked"]': { background: vars.color.primary },
    '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});
export const thumb = style({
  display: 'block',
  width: '18px',
  height: '18px',
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
  transform: 'translateX(2px)',
  transition: 'transform 120ms ease',
  selectors: { '&[data-state="checked"]': { transform: 'translateX(20px)' } },
});
