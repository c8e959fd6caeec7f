import { globalStyle, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

export const tableAligns = ['start', 'center', 'end'] as const;

/** Scroll container: keyboard-focusable so a wide table can be scrolled without a mouse. */
export const scroller = style({
  width: '100%',
  overflowX: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  selectors: {
    '&:focus-visible': {
      outline: `2px solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
  },
});

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  color: vars.color.text,
});

export const caption = style({
  padding: `${vars.space.md} ${vars.space.lg}`,
  textAlign: 'start',
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const headRow = style({ background: vars.color.surfaceSunken });

export const row = style({ borderTop: `1px solid ${vars.color.border}` });

export const cell = recipe({
  base: {
    padding: `${vars.space.sm} ${vars.space.lg}`,
    verticalAlign: 'middle',
    overflowWrap: 'anywhere',
  },
  variants: {
    align: {
      start: { textAlign: 'start' },
      center: { textAlign: 'center' },
      end: { textAlign: 'end' },
    },
    kind: {
      header: {
        paddingTop: vars.space.sm,
        paddingBottom: vars.space.sm,
        color: vars.color.textMuted,
        fontSize: vars.fontSize.xs,
        fontWeight: vars.fontWeight.semibold,
        textTransform: 'uppercase',
        letterSpacing: '0.04em',
        whiteSpace: 'nowrap',
      },
      rowHeader: { fontWeight: vars.fontWeight.semibold },
      data: {},
    },
  },
  defaultVariants: { align: 'start', kind: 'data' },
});

export const fullWidthCell = style({
  padding: `${vars.space.lg} ${vars.space.lg}`,
  textAlign: 'center',
  color: vars.color.textMuted,
});

// ---------------------------------------------------------------- stacked cards on phones

const phone = 'screen and (max-width: 640px)';
const stacked = `${table}[data-stack]`;

globalStyle(
  `${stacked}, ${stacked} tbody, ${stacked} tr, ${stacked} td, ${stacked} th[scope="row"]`,
  {
    '@media': { [phone]: { display: 'block', width: '100%' } },
  },
);
globalStyle(`${stacked} thead`, {
  '@media': {
    [phone]: {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      whiteSpace: 'nowrap',
    },
  },
});
globalStyle(`${stacked} tbody tr`, {
  '@media': { [phone]: { padding: `${vars.space.sm} 0` } },
});
globalStyle(`${stacked} td, ${stacked} th[scope="row"]`, {
  '@media': {
    [phone]: {
      textAlign: 'start',
      overflowWrap: 'break-word',
      padding: `${vars.space.xxs} ${vars.space.md}`,
    },
  },
});
// A cell with nothing in it (no Unassign on an unassigned row) leaves no label behind.
globalStyle(`${stacked} td:empty`, {
  '@media': { [phone]: { display: 'none' } },
});
globalStyle(`${stacked} td[data-label]::before`, {
  '@media': {
    [phone]: {
      content: 'attr(data-label)',
      display: 'block',
      color: vars.color.textMuted,
      fontSize: vars.fontSize.xs,
      fontWeight: vars.fontWeight.semibold,
      textTransform: 'uppercase',
      letterSpacing: '0.04em',
    },
  },
});
