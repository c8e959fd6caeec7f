import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const wrapper = style({ position: 'relative', display: 'flex', alignItems: 'center' });
export const icon = style({
  position: 'absolute',
  left: vars.space.md,
  color: vars.color.textMuted,
  pointerEvents: 'none',
});
export const input = style({
  paddingLeft: '36px',
  paddingRight: '36px',
  selectors: { '&::-webkit-search-cancel-button': { display: 'none' } },
});
export const clear = style({
  position: 'absolute',
  right: vars.space.xs,
  width: '28px',
  height: '28px',
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.lg,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceSunken, color: vars.color.text },
    '&:focus-visible, &[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}` },
  },
});
