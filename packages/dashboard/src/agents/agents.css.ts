import { style, styleVariants } from '@vanilla-extract/css';
import { media, focusOutline, vars } from '@parley/ui';

export const screen = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const screenHeader = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.md,
});
export const heading = style({ margin: 0, fontSize: vars.fontSize.xxl, color: vars.color.text });
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const grid = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: '1fr',
  '@media': {
    [media.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [media.lg]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});
export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  minWidth: 0,
});
/** The kind reads in words and an icon, and the card's top edge differs too (not colour alone). */
export const kindCard = styleVariants({
  knowledge: { borderTop: `3px solid ${vars.color.info}` },
  action: { borderTop: `3px dashed ${vars.color.primary}` },
});
export const kind = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  color: vars.color.textMuted,
});
/** The kind's icon (stroke: currentColor). */
export const kindIcon = styleVariants({
  knowledge: { display: 'inline-flex', color: vars.color.info },
  action: { display: 'inline-flex', color: vars.color.primary },
});
export const cardHeader = style({ display: 'flex', gap: vars.space.md, alignItems: 'center' });
export const cardTitleBlock = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: 0,
});
export const cardTitle = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  color: vars.color.text,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
export const badges = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
export const description = style({
  margin: 0,
  color: vars.color.textMuted,
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  overflowWrap: 'anywhere',
});
export const agentId = style({
  margin: 0,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});
export const idLabel = style({ textTransform: 'uppercase', letterSpacing: '0.05em' });
export const cardActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  marginTop: 'auto',
  paddingTop: vars.space.sm,
  borderTop: `1px solid ${vars.color.border}`,
});
export const createCard = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: '220px',
  padding: vars.space.lg,
  border: `2px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.lg,
  background: 'transparent',
  color: vars.color.text,
  cursor: 'pointer',
  font: 'inherit',
  textAlign: 'center',
  selectors: {
    '&:hover': { borderColor: vars.color.primary, background: vars.color.primarySubtle },
    '&:focus-visible': focusOutline(),
  },
});
export const createIcon = style({
  display: 'grid',
  placeItems: 'center',
  width: '44px',
  height: '44px',
  borderRadius: vars.radius.full,
  background: vars.color.primarySubtle,
  color: vars.color.primary,
});
export const createTitle = style({
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.lg,
});
export const stateBox = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  padding: vars.space.xl,
  color: vars.color.textMuted,
});
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const kinds = style({
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: '1fr',
  border: 0,
  padding: 0,
  margin: 0,
  '@media': { [media.sm]: { gridTemplateColumns: '1fr 1fr' } },
});
export const legend = style({
  fontWeight: vars.fontWeight.semibold,
  marginBottom: vars.space.sm,
  color: vars.color.text,
});
export const kindOption = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'flex-start',
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  color: vars.color.text,
  selectors: {
    '&:has(input:checked)': {
      borderColor: vars.color.primary,
      background: vars.color.primarySubtle,
    },
    '&:has(input:focus-visible)': focusOutline(),
  },
});
export const kindText = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs });
export const kindTitle = style({ fontWeight: vars.fontWeight.semibold });
export const actions = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.sm });
export const qrBox = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.md,
  textAlign: 'center',
});
export const qrImage = style({
  width: '256px',
  height: '256px',
  background: '#ffffff',
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
});
export const url = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
  color: vars.color.text,
});
export const details = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.sm} ${vars.space.lg}`,
  margin: 0,
});
