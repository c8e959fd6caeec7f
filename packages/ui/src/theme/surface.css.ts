import { style } from '@vanilla-extract/css';
import { vars } from './contract.css';

/** The raised surface of cards (Card, StatCard): background, border, radius, shadow, font. */
export const surface = style({
  minWidth: 0,
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  fontFamily: vars.font.body,
});
