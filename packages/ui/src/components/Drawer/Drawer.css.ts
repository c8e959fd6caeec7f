import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

const slideIn = keyframes({
  from: { transform: 'translateX(100%)' },
  to: { transform: 'translateX(0)' },
});

/** The panel is fixed to the right edge and slides in from the right. */
export const panel = style({
  position: 'fixed',
  top: 0,
  right: 0,
  bottom: 0,
  width: '100vw',
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  borderLeft: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.lg,
  // Above the shared backdrop (overlay level), like a modal.
  zIndex: vars.zIndex.modal,
  fontFamily: vars.font.body,
  animation: `${slideIn} 200ms ease`,
  ':focus': { outline: 'none' },
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const width = {
  md: style({ maxWidth: '420px' }),
  lg: style({ maxWidth: '640px' }),
};

export const header = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'flex-start',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const body = style({ flex: 1, overflowY: 'auto', padding: vars.space.lg });

export const footer = style({
  padding: vars.space.lg,
  borderTop: `1px solid ${vars.color.border}`,
  display: 'flex',
  gap: vars.space.sm,
  justifyContent: 'flex-end',
});
