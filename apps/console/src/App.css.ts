import { style } from '@vanilla-extract/css';
import { vars } from '@parley/ui';

/** While a route's code loads. */
export const loading = style({
  minHeight: '100vh',
  display: 'grid',
  placeItems: 'center',
  background: vars.color.background,
});
