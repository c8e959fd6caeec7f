import { style } from '@vanilla-extract/css';
import { vars } from '@parley/ui';
import { muted, stackMd as stack } from '../../styles/common.css';
import { flexRow } from '../../styles/recipes';

export { muted, stack };

export const liveState = style({
  ...flexRow(vars.space.sm),
  margin: 0,
  color: vars.color.text,
  fontWeight: vars.fontWeight.semibold,
});
export const interim = style({ opacity: 0.7, fontStyle: 'italic' });
