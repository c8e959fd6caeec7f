import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const caption = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  textTransform: 'uppercase',
  letterSpacing: '0.05em',
});
/** A dashed outline that shows a layout primitive's extent in its stories. */
export const swatch = style({
  border: `1px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});
export const swatchRow = style([swatch, { padding: vars.space.xxs }]);
export const narrow = style({ maxWidth: '160px' });
