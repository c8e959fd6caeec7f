import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

export const iconButtonVariants = ['ghost', 'secondary', 'danger'] as const;

export const iconButton = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    borderRadius: vars.radius.md,
    border: '1px solid transparent',
    cursor: 'pointer',
    background: 'transparent',
    color: vars.color.textMuted,
    transition: 'background-color 120ms ease, color 120ms ease',
    selectors: {
      '&:focus-visible, &[data-focus-visible]': {
        outline: `2px solid ${vars.color.focusRing}`,
        outlineOffset: '2px',
      },
      '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
    },
  },
  variants: {
    variant: {
      ghost: {
        selectors: {
          '&:hover:not(:disabled)': {
            background: vars.color.surfaceSunken,
            color: vars.color.text,
          },
        },
      },
      secondary: {
        borderColor: vars.color.border,
        background: vars.color.surface,
        color: vars.color.text,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.surfaceSunken } },
      },
      danger: {
        color: vars.color.dangerText,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.dangerSubtle } },
      },
    },
    size: {
      sm: { width: '28px', height: '28px' },
      md: { width: '36px', height: '36px' },
    },
  },
  defaultVariants: { variant: 'ghost', size: 'md' },
});
