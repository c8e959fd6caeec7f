import { style } from '@vanilla-extract/css';
import { vars } from './contract.css';

/** A choice in a list that pops up (DropdownMenu's items, Select's options). */
export const menuItem = style({
  display: 'flex',
  alignItems: 'center',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  outline: 'none',
  userSelect: 'none',
  selectors: {
    '&[data-highlighted]': { background: vars.color.primarySubtle, color: vars.color.text },
    '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' },
  },
});
