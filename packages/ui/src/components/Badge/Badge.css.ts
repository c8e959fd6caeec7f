import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

export const badgeTones = ['neutral', 'success', 'warning', 'danger', 'info', 'primary'] as const;

export const badge = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xs,
    maxWidth: '100%',
    padding: `${vars.space.xxs} ${vars.space.sm}`,
    border: '1px solid transparent',
    borderRadius: vars.radius.full,
    fontFamily: vars.font.body,
    fontSize: vars.fontSize.xs,
    fontWeight: vars.fontWeight.semibold,
    lineHeight: 1.4,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    verticalAlign: 'middle',
  },
  variants: {
    tone: {
      neutral: {
        background: vars.color.surfaceSunken,
        color: vars.color.text,
        borderColor: vars.color.border,
      },
      success: { background: vars.color.successSubtle, color: vars.color.successText },
      warning: { background: vars.color.warningSubtle, color: vars.color.warningText },
      danger: { background: vars.color.dangerSubtle, color: vars.color.dangerText },
      info: { background: vars.color.infoSubtle, color: vars.color.infoText },
      primary: { background: vars.color.primarySubtle, color: vars.color.primary },
    },
  },
  defaultVariants: { tone: 'neutral' },
});

/**
 * A chip whose text is a name or an address (an agent, a mailbox): it wraps, inside a word only if
 * the word cannot fit on a line, instead of widening its row or hiding its end behind an ellipsis.
 */
export const wrapping = style({
  whiteSpace: 'normal',
  overflowWrap: 'break-word',
  minWidth: 0,
  borderRadius: vars.radius.md,
  textAlign: 'start',
});

export type BadgeRecipeProps = NonNullable<RecipeVariants<typeof badge>>;

export const dot = recipe({
  base: {
    flexShrink: 0,
    width: '6px',
    height: '6px',
    borderRadius: vars.radius.full,
  },
  variants: {
    tone: {
      neutral: { background: vars.color.textMuted },
      success: { background: vars.color.success },
      warning: { background: vars.color.warning },
      danger: { background: vars.color.danger },
      info: { background: vars.color.info },
      primary: { background: vars.color.primary },
    },
  },
  defaultVariants: { tone: 'neutral' },
});

export const label = style({ overflow: 'hidden', textOverflow: 'ellipsis' });
