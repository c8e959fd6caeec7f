import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const content = style({
  background: vars.color.text,
  color: vars.color.background,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  maxWidth: '260px',
  boxShadow: vars.shadow.md,
  zIndex: vars.zIndex.tooltip,
});

export const arrow = style({ fill: vars.color.text });
