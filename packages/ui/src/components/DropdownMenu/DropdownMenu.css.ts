import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { menuItem } from '../../theme/menu.css';

export const content = style({
  minWidth: '220px',
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
  padding: vars.space.xs,
  zIndex: vars.zIndex.dropdown,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
});

export const header = style({ padding: `${vars.space.sm} ${vars.space.md}` });

export const separator = style({
  height: '1px',
  background: vars.color.border,
  margin: `${vars.space.xs} 0`,
});

export const item = style([
  menuItem,
  {
    selectors: {
      '&[data-danger]': { color: vars.color.dangerText },
      '&[data-danger][data-highlighted]': { background: vars.color.dangerSubtle },
      '&[data-current]': { fontWeight: vars.fontWeight.semibold },
    },
  },
]);

/** The slot of a choice's check (kept when unchecked, so the labels line up). */
export const check = style({
  display: 'inline-flex',
  flexShrink: 0,
  width: '16px',
  marginInlineEnd: vars.space.sm,
  color: vars.color.primary,
});
export const itemLabel = style({ minWidth: 0, overflowWrap: 'anywhere' });

/** The current item's check mark (a plain item naming where the person is). */
export const itemMark = style({
  display: 'inline-flex',
  marginInlineStart: vars.space.md,
  color: vars.color.primary,
});
