import { style } from '@vanilla-extract/css';
import { vars } from '@parley/ui';

export {
  agentTurn,
  callerTurn,
  error,
  figures,
  speaker,
  turnHead,
  turns,
  turnText,
} from '../styles/transcript.css';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const cellStack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs });
export const summary = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 10rem), 1fr))',
  gap: vars.space.md,
  margin: 0,
});
export const summaryItem = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs });
export const term = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const definition = style({ margin: 0, color: vars.color.text, overflowWrap: 'anywhere' });
export const headRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.sm,
});
export const figureTerm = style({ display: 'inline', marginInlineEnd: vars.space.xxs });
export const figureValue = style({ display: 'inline', margin: 0 });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
