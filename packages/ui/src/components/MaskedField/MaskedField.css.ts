import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

// The field, label, input look and description come from the shared ../../theme/field.css.ts.

export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minWidth: 0,
});

/** Added to the shared `input` style: secrets read better in the monospace face. */
export const value = style({
  flex: '1 1 auto',
  minWidth: 0,
  fontFamily: vars.font.mono,
  letterSpacing: '0.02em',
  textOverflow: 'ellipsis',
});

export const toggle = style({ flexShrink: 0, minWidth: '72px' });
