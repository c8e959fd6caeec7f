import { vars } from './contract.css';

/**
 * The focus ring's outline, for a feature's own focusable element (its `:focus-visible`
 * selector): the same ring every component of the design system shows.
 */
export function focusOutline(offset: string = '2px') {
  return { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: offset } as const;
}
