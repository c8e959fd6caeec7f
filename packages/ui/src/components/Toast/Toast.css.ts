import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const viewport = style({
  position: 'fixed',
  bottom: 0,
  right: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.lg,
  width: '380px',
  maxWidth: '100vw',
  margin: 0,
  listStyle: 'none',
  zIndex: vars.zIndex.toast,
  outline: 'none',
});

export const toast = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.md,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: '1px solid',
  boxShadow: vars.shadow.md,
  fontFamily: vars.font.body,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const tone = {
  success: style({
    borderColor: vars.color.success,
    background: vars.color.successSubtle,
    color: vars.color.successText,
  }),
  error: style({
    borderColor: vars.color.danger,
    background: vars.color.dangerSubtle,
    color: vars.color.dangerText,
  }),
  info: style({
    borderColor: vars.color.info,
    background: vars.color.infoSubtle,
    color: vars.color.infoText,
  }),
  warning: style({
    borderColor: vars.color.warning,
    background: vars.color.warningSubtle,
    color: vars.color.warningText,
  }),
};

export const text = style({ flex: 1, display: 'grid', gap: vars.space.xxs });
export const title = style({ fontWeight: vars.fontWeight.semibold, fontSize: vars.fontSize.md });
export const description = style({ fontSize: vars.fontSize.sm });
export const close = style({
  border: 'none',
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  padding: vars.space.xxs,
  borderRadius: vars.radius.sm,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}` } },
});
