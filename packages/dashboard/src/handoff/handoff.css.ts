import { style } from '@vanilla-extract/css';
import { vars } from '@parley/ui';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
});
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const text = style({ margin: 0, color: vars.color.text, whiteSpace: 'pre-wrap' });
export const center = style({ display: 'flex', justifyContent: 'center', padding: vars.space.md });

// ---- the waiting list ----
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  background: vars.color.surface,
});
export const item = style({
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&:last-child': { borderBottom: 'none' } },
});
export const itemButton = style({
  all: 'unset',
  boxSizing: 'border-box',
  width: '100%',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  padding: `${vars.space.sm} ${vars.space.md}`,
  cursor: 'pointer',
  color: vars.color.text,
  selectors: {
    '&:hover': { background: vars.color.surfaceSunken },
    '&[aria-current="true"]': {
      background: vars.color.primarySubtle,
      boxShadow: `inset 3px 0 0 ${vars.color.primary}`,
    },
    '&[data-long-wait="true"]': { boxShadow: `inset 3px 0 0 ${vars.color.danger}` },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
  },
});
export const who = style({ fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });
export const waited = style({ marginInlineStart: 'auto', fontSize: vars.fontSize.sm });
export const reason = style({ margin: 0, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });

// ---- the request on a thread ----
export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.warning}`,
  background: vars.color.warningSubtle,
  color: vars.color.text,
});
export const cardTitle = style({ margin: 0, fontSize: vars.fontSize.md });
export const label = style({
  margin: 0,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
});

// ---- business hours ----
export const days = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
});
export const day = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(6rem, 8rem) minmax(0, 1fr)',
  gap: vars.space.sm,
  alignItems: 'start',
  padding: `${vars.space.xs} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const dayName = style({ fontWeight: vars.fontWeight.semibold, paddingTop: vars.space.xs });
export const range = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
});
export const timeField = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  fontSize: vars.fontSize.sm,
});
export const timeInput = style({
  font: 'inherit',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  color: vars.color.text,
  minHeight: '2.25rem',
  colorScheme: 'light dark',
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}` },
    '&:disabled': { opacity: 0.6 },
  },
});
export const error = style({ margin: 0, color: vars.color.dangerText, fontSize: vars.fontSize.sm });

// ---- the navbar's count ----
export const watchLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover': { color: vars.color.primary },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

// ---- Settings ----
export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  maxWidth: '52rem',
});
export const pageHeading = style({ margin: 0, fontSize: vars.fontSize.xl, color: vars.color.text });

// ---- the Overview's count ----
export const bigCount = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
  selectors: { '&[data-long-wait="true"]': { color: vars.color.dangerText } },
});
