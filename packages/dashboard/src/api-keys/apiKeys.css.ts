import { style } from '@vanilla-extract/css';
import { focusOutline, vars } from '@parley/ui';
import {
  columnList as list,
  errorText as error,
  headingMd as sectionTitle,
  mutedWrap as muted,
  nameText as name,
  shrinkColumn as scopeText,
  shrinkStackXxs as who,
  stackMd as stack,
  stackMd as form,
  wrapXs as badges,
} from '../styles/common.css';

export { badges, error, form, list, muted, name, scopeText, sectionTitle, stack, who };

export const scopes = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  margin: 0,
  padding: vars.space.md,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))',
  gap: vars.space.sm,
});
export const legend = style({
  padding: `0 ${vars.space.xs}`,
  color: vars.color.text,
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
});
export const scope = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  color: vars.color.text,
  cursor: 'pointer',
});
export const checkbox = style({
  width: '18px',
  height: '18px',
  margin: '2px 0 0',
  flexShrink: 0,
  accentColor: vars.color.primary,
  selectors: { '&:focus-visible': focusOutline() },
});
export const mono = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: vars.fontSize.sm,
});
export const row = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: vars.space.md,
  alignItems: 'center',
  padding: `${vars.space.sm} 0`,
  borderTop: `1px solid ${vars.color.border}`,
});
