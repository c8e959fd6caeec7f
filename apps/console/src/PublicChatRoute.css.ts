import { style } from '@vanilla-extract/css';
import { vars } from '@parley/ui';

export const page = style({
  minHeight: '100vh',
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.xl,
  background: vars.color.background,
  color: vars.color.text,
});
