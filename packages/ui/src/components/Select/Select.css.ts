import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { menuItem } from '../../theme/menu.css';

// The field, label, input look, description and error come from the shared ../../theme/field.css.ts;
// these styles only add what a select needs on top of them.

/** Added to the shared `input` style: the trigger is a button laid out like an input with a chevron. */
export const trigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  textAlign: 'start',
  cursor: 'pointer',
  selectors: {
    '&[data-placeholder]': { color: vars.color.textMuted },
    '&:hover:not(:disabled)': { borderColor: vars.color.primary },
  },
});

export const value = style({
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const icon = style({
  display: 'inline-flex',
  flexShrink: 0,
  color: vars.color.textMuted,
  transition: 'transform 120ms ease',
  selectors: { [`${trigger}[data-state="open"] &`]: { transform: 'rotate(180deg)' } },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

export const content = style({
  width: 'var(--radix-select-trigger-width)',
  maxHeight: 'var(--radix-select-content-available-height)',
  overflow: 'hidden',
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
  // An open list is the newest layer: above a Dialog's overlay when the Select sits in a modal
  // (at `dropdown` it rendered under the overlay, which took the pointer).
  zIndex: `calc(${vars.zIndex.modal} + 1)`,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
});

export const viewport = style({ padding: vars.space.xs });

export const item = style([
  menuItem,
  {
    justifyContent: 'space-between',
    gap: vars.space.sm,
    selectors: { '&[data-state="checked"]': { fontWeight: vars.fontWeight.semibold } },
  },
]);

export const indicator = style({ display: 'inline-flex', color: vars.color.primary });
