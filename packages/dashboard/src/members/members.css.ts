import { style } from '@vanilla-extract/css';
import { vars } from '@parley/ui';
import {
  headingMd as sectionTitle,
  listSm as list,
  mutedWrap as muted,
  nameText as name,
  shrinkColumn as who,
  stackMd as stack,
} from '../styles/common.css';

export { list, muted, name, sectionTitle, stack, who };

export const inviteForm = style({
  display: 'grid',
  gridTemplateColumns: '1fr 10rem auto',
  gap: vars.space.md,
  alignItems: 'end',
  '@media': { 'screen and (max-width: 600px)': { gridTemplateColumns: '1fr' } },
});
export const row = style({
  display: 'grid',
  gridTemplateColumns: '1fr 10rem auto',
  gap: vars.space.md,
  alignItems: 'center',
  padding: `${vars.space.sm} 0`,
  borderTop: `1px solid ${vars.color.border}`,
  '@media': { 'screen and (max-width: 600px)': { gridTemplateColumns: '1fr' } },
});
/**
 * A row's button keeps its own width (a phone's single column does not stretch it across the
 * card), at the row's end on a wide screen and its start on a phone.
 */
export const rowAction = style({
  justifySelf: 'end',
  '@media': { 'screen and (max-width: 600px)': { justifySelf: 'start' } },
});
