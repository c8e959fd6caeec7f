import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const group = style({ display: 'grid', gap: vars.space.xs, minWidth: 0 });
export const options = style({ display: 'grid', gap: vars.space.sm });
export const option = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  minWidth: 0,
  cursor: 'pointer',
  color: vars.color.text,
  selectors: {
    '&[data-variant="cards"]': {
      padding: vars.space.md,
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.md,
      background: vars.color.surface,
    },
    '&[data-variant="cards"][data-checked]': {
      borderColor: vars.color.primary,
      boxShadow: `0 0 0 1px ${vars.color.primary}`,
    },
    '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
  },
});
export const item = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '18px',
  height: '18px',
  marginTop: '2px',
  flexShrink: 0,
  padding: 0,
  borderRadius: vars.radius.full,
  border: `2px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  cursor: 'inherit',
  selectors: {
    '&[data-state="checked"]': { borderColor: vars.color.primary },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});
export const indicator = style({
  display: 'block',
  width: '8px',
  height: '8px',
  borderRadius: vars.radius.full,
  background: vars.color.primary,
});
export const icon = style({ fontSize: vars.fontSize.lg, lineHeight: 1.2, flexShrink: 0 });
export const text = style({ display: 'grid', gap: vars.space.xxs, minWidth: 0 });
export const optionLabel = style({ fontWeight: vars.fontWeight.semibold });
