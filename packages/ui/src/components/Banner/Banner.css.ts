import { keyframes, style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

export const bannerTones = ['success', 'error', 'info', 'warning'] as const;

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const banner = recipe({
  base: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-start',
    gap: vars.space.md,
    padding: `${vars.space.md} ${vars.space.lg}`,
    border: '1px solid transparent',
    borderLeftWidth: '4px',
    borderRadius: vars.radius.md,
    fontFamily: vars.font.body,
    fontSize: vars.fontSize.md,
    lineHeight: 1.45,
  },
  variants: {
    tone: {
      success: {
        background: vars.color.successSubtle,
        color: vars.color.successText,
        borderColor: vars.color.success,
      },
      error: {
        background: vars.color.dangerSubtle,
        color: vars.color.dangerText,
        borderColor: vars.color.danger,
      },
      info: {
        background: vars.color.infoSubtle,
        color: vars.color.infoText,
        borderColor: vars.color.info,
      },
      warning: {
        background: vars.color.warningSubtle,
        color: vars.color.warningText,
        borderColor: vars.color.warning,
      },
    },
  },
  defaultVariants: { tone: 'info' },
});

export type BannerRecipeProps = NonNullable<RecipeVariants<typeof banner>>;

export const icon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '20px',
  height: '20px',
  marginTop: '1px',
  borderRadius: vars.radius.full,
  border: '2px solid currentColor',
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  lineHeight: 1,
});

export const busyIcon = style([
  icon,
  {
    borderRightColor: 'transparent',
    animation: `${spin} 700ms linear infinite`,
    '@media': { '(prefers-reduced-motion: reduce)': { animationDuration: '2s' } },
  },
]);

export const content = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  flex: '1 1 240px',
  minWidth: 0,
  overflowWrap: 'anywhere',
});

export const title = style({ margin: 0, fontWeight: vars.fontWeight.semibold });

export const message = style({ margin: 0 });

export const actions = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  flexShrink: 0,
  marginLeft: 'auto',
});
