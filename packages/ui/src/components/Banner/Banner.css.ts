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
    /** 'slim': one line (title and message side by side, smaller), for notices that stay. */
    density: {
      regular: {},
      slim: {
        alignItems: 'center',
        gap: vars.space.sm,
        padding: `${vars.space.xxs} ${vars.space.md}`,
        fontSize: vars.fontSize.sm,
        lineHeight: 1.4,
        minHeight: '36px',
      },
    },
  },
  defaultVariants: { tone: 'info', density: 'regular' },
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

/** Slim: the title and the message run on one line (wrapping only when the line is full). */
export const slimContent = style({
  flexDirection: 'row',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  columnGap: vars.space.sm,
  rowGap: 0,
});
export const slimIcon = style({ width: '16px', height: '16px', marginTop: 0, fontSize: '10px' });

export const title = style({ margin: 0, fontWeight: vars.fontWeight.semibold });

export const message = style({ margin: 0 });

export const actions = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  flexShrink: 0,
  marginLeft: 'auto',
});
