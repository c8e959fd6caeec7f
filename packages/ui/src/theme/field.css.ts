import { style } from '@vanilla-extract/css';
import { vars } from './contract.css';

/** Shared look of labelled form fields (TextField, TextArea, NumberField, SearchField, Select…). */
export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: 0,
});

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
});

export const input = style({
  width: '100%',
  minHeight: '38px',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: 1.4,
  boxSizing: 'border-box',
  selectors: {
    '&::placeholder': { color: vars.color.textMuted },
    '&:focus-visible': {
      outline: `2px solid ${vars.color.focusRing}`,
      outlineOffset: '1px',
      borderColor: vars.color.primary,
    },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&:disabled': { opacity: 0.6, cursor: 'not-allowed', background: vars.color.surfaceSunken },
    '&[readonly]': { background: vars.color.surfaceSunken },
    // A date's calendar button follows the theme (light or dark).
    '&[type="date"]': { colorScheme: 'light dark' },
  },
});

export const description = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  margin: 0,
});

export const error = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.dangerText,
  fontWeight: vars.fontWeight.medium,
  margin: 0,
});
