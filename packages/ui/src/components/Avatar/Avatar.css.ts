import { styleVariants } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';
import { avatarColors } from '../../theme/tokens';
import { avatarTextColor } from './avatarColor';

export const avatarSizes = ['sm', 'md', 'lg'] as const;

export const avatar = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    borderRadius: vars.radius.full,
    fontFamily: vars.font.body,
    fontWeight: vars.fontWeight.semibold,
    lineHeight: 1,
    userSelect: 'none',
  },
  variants: {
    size: {
      sm: { width: '28px', height: '28px', fontSize: vars.fontSize.sm },
      md: { width: '40px', height: '40px', fontSize: vars.fontSize.lg },
      lg: { width: '56px', height: '56px', fontSize: vars.fontSize.xxl },
    },
  },
  defaultVariants: { size: 'md' },
});

export type AvatarRecipeProps = NonNullable<RecipeVariants<typeof avatar>>;

/** One class per avatar colour (index into `avatarColors`), with a readable letter colour. */
export const avatarColorClass = styleVariants(
  Object.fromEntries(avatarColors.map((color, index) => [index, color])),
  (color) => ({ background: color, color: avatarTextColor(color) }),
);
