import { style, styleVariants } from '@vanilla-extract/css';
import { media, focusOutline, vars } from '@parley/ui';
import {
  cardActions,
  end as actions,
  headingXxl as heading,
  muted,
  mutedXs as agentId,
  semibold as kindTitle,
  stackLg as screen,
  stackMd as form,
  stackXxs as kindText,
  wrapXs as badges,
} from '../styles/common.css';
import {
  checkedChoice,
  choiceCard,
  flexBox,
  flexColumn,
  flexRow,
  framed,
  raisedPanel,
  textLine,
} from '../styles/recipes';

export { actions, agentId, badges, cardActions, form, heading, kindText, kindTitle, muted, screen };

export const screenHeader = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.md,
});
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
  ...flexColumn(vars.space.md),
  ...raisedPanel(vars.space.lg),
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
  ...flexColumn(vars.space.xs),
  minWidth: 0,
});
export const cardTitle = style({
  ...textLine(vars.fontSize.lg, vars.color.text),
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
export const description = style({
  margin: 0,
  color: vars.color.textMuted,
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  overflowWrap: 'anywhere',
});
export const idLabel = style({ textTransform: 'uppercase', letterSpacing: '0.05em' });
export const createCard = style({
  ...flexBox({
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.sm,
  }),
  minHeight: '220px',
  ...framed(vars.space.lg, `2px dashed ${vars.color.borderStrong}`, vars.radius.lg),
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
  ...flexRow(vars.space.sm, 'center'),
  padding: vars.space.xl,
  color: vars.color.textMuted,
});
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
  ...choiceCard(vars.space.md),
  selectors: { ...checkedChoice, '&:has(input:focus-visible)': focusOutline() },
});
export const qrBox = style({
  ...flexBox({ flexDirection: 'column', alignItems: 'center', gap: vars.space.md }),
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
