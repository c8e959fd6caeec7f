import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { surface } from '../../theme/surface.css';

export const card = style([
  surface,
  { display: 'flex', flexDirection: 'column', gap: vars.space.sm, padding: vars.space.lg },
]);

export const label = style({
  margin: 0,
  minWidth: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  overflowWrap: 'anywhere',
});

export const icon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '36px',
  height: '36px',
  borderRadius: vars.radius.md,
  background: vars.color.primarySubtle,
  color: vars.color.primary,
});

export const value = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: 1.2,
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'anywhere',
  selectors: { '&[aria-busy="true"]': { color: vars.color.textMuted } },
});

export const hint = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

const bar = {
  background: vars.color.primary,
  borderRadius: vars.radius.full,
};

/** Native <progress> styled per engine (no inline widths needed). */
export const progress = style({
  appearance: 'none',
  display: 'block',
  width: '100%',
  height: '6px',
  marginTop: vars.space.xs,
  border: 'none',
  borderRadius: vars.radius.full,
  overflow: 'hidden',
  background: vars.color.surfaceSunken,
  color: vars.color.primary,
  selectors: {
    '&::-webkit-progress-bar': {
      background: vars.color.surfaceSunken,
      borderRadius: vars.radius.full,
    },
    '&::-webkit-progress-value': bar,
    '&::-moz-progress-bar': bar,
  },
});
