import { style } from '@vanilla-extract/css';
import { media, focusOutline, vars } from '@parley/ui';
import {
  end as actions,
  endWrap as modalActions,
  stackMd as form,
  stackXxs as menuHeader,
  strongText as menuName,
  term as menuMuted,
  visuallyHidden,
} from '../styles/common.css';
import { flexRow } from '../styles/recipes';

export { actions, form, menuHeader, menuMuted, menuName, modalActions, visuallyHidden };

export const layout = style({ minHeight: '100vh', background: vars.color.background });

export const navbar = style({
  position: 'sticky',
  top: 0,
  zIndex: 10,
  display: 'flex',
  flexWrap: 'wrap',
  '@media': {
    'screen and (max-width: 640px)': {
      flexWrap: 'nowrap',
      gap: vars.space.sm,
      padding: `${vars.space.xs} ${vars.space.sm}`,
    },
  },
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const brand = style({
  ...flexRow(vars.space.sm),
  minWidth: 0,
});
/** The organization as the switcher's trigger (a button that looks like the brand). */
export const brandButton = style({
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  marginInlineStart: `calc(-1 * ${vars.space.xs})`,
  border: 'none',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceSunken },
    '&:focus-visible': focusOutline(),
    '&[data-state="open"]': { background: vars.color.surfaceSunken },
  },
});
export const orgInitial = style({
  display: 'grid',
  placeItems: 'center',
  width: '32px',
  height: '32px',
  borderRadius: vars.radius.md,
  background: vars.color.primary,
  color: vars.color.primaryText,
  fontWeight: vars.fontWeight.bold,
  // A square whatever the row holds (a long tab name in the phone menu squeezed it).
  flexShrink: 0,
});
export const orgName = style({
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  maxWidth: '200px',
  // On phones a few letters stay readable, never cut to one.
  '@media': { 'screen and (max-width: 640px)': { maxWidth: '28vw', minWidth: '4.5em' } },
});

/** Phones: at most this wide, the navbar is one row with the tabs in a menu (issue 12). */
export const phone = 'screen and (max-width: 640px)';

export const nav = style({
  display: 'flex',
  gap: vars.space.xxs,
  overflowX: 'auto',
  order: 3,
  width: '100%',
  '@media': {
    [media.lg]: { order: 0, width: 'auto', flex: 1 },
    [phone]: { display: 'none' },
  },
});
/** The tabs as a menu, on phones only. */
export const tabMenu = style({
  display: 'none',
  '@media': { [phone]: { display: 'block', flexShrink: 0 } },
});
export const developerBadge = style({
  display: 'inline-flex',
  '@media': { [phone]: { display: 'none' } },
});
export const navLink = style({
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  color: vars.color.textMuted,
  textDecoration: 'none',
  fontWeight: vars.fontWeight.medium,
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover': { background: vars.color.surfaceSunken, color: vars.color.text },
    '&[aria-current="page"]': { background: vars.color.primarySubtle, color: vars.color.text },
    '&:focus-visible': focusOutline(),
  },
});
export const navEnd = style({
  ...flexRow(vars.space.sm),
  marginLeft: 'auto',
  flexShrink: 0,
  '@media': { 'screen and (max-width: 640px)': { gap: vars.space.xxs } },
});
export const modalLogout = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  marginRight: 'auto',
  minWidth: 0,
});
export const modalSignedIn = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  minWidth: 0,
  overflowWrap: 'anywhere',
});

export const main = style({
  maxWidth: '1200px',
  margin: '0 auto',
  padding: vars.space.lg,
  '@media': { [media.md]: { padding: vars.space.xl } },
});
/** A page-wide banner above the tab keeps its distance from the tab's heading. */
export const pageBanner = style({ marginBottom: vars.space.lg });
export const placeholder = style({
  color: vars.color.textMuted,
  padding: vars.space.xxl,
  textAlign: 'center',
});
