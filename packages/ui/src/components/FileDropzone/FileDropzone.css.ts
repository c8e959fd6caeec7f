import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

// The field, label, description (accepted types) and error text come from ../../theme/field.css.ts.

export const zone = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  width: '100%',
  minHeight: '140px',
  padding: vars.space.xl,
  boxSizing: 'border-box',
  border: `2px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  textAlign: 'center',
  cursor: 'pointer',
  transition: 'background-color 120ms ease, border-color 120ms ease',
  selectors: {
    '&:hover:not(:disabled)': {
      borderColor: vars.color.primary,
      background: vars.color.surfaceSunken,
    },
    '&[data-dragging]': { borderColor: vars.color.primary, background: vars.color.primarySubtle },
    '&:focus-visible, &[data-focus-visible]': {
      outline: `2px solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
      borderColor: vars.color.primary,
    },
    '&:disabled': { opacity: 0.6, cursor: 'not-allowed', background: vars.color.surfaceSunken },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

export const icon = style({ display: 'inline-flex', color: vars.color.primary });

export const prompt = style({ fontWeight: vars.fontWeight.medium, overflowWrap: 'anywhere' });

export const browse = style({ color: vars.color.primary, textDecoration: 'underline' });

export const messages = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  selectors: { '&:empty': { display: 'none' } },
});
