import { style } from '@vanilla-extract/css';
import { vars } from '@parley/ui';
import { stackLg as additions, stackXxs as configItem } from '../styles/common.css';

export { additions, configItem };

export const configDot = style({
  width: '8px',
  height: '8px',
  flexShrink: 0,
  borderRadius: vars.radius.full,
  background: vars.color.success,
  selectors: { '&[data-ok="false"]': { background: vars.color.warning } },
});
export const fixLink = style({
  marginInlineStart: `calc(8px + ${vars.space.sm})`,
  color: vars.color.primary,
  fontSize: vars.fontSize.sm,
});
export const operatorNote = style({
  marginInlineStart: `calc(8px + ${vars.space.sm})`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});
export const configList = style({ marginTop: vars.space.md });
export const configNote = style({
  margin: `${vars.space.md} 0 0`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
