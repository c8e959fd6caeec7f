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
import {
  muted,
  spreadSm as headRow,
  stackMd as stack,
  stackXxs as cellStack,
  stackXxs as summaryItem,
  term,
  textWrap as definition,
  wrapXs as actions,
} from '../styles/common.css';

export { actions, cellStack, definition, headRow, muted, stack, summaryItem, term };

export const summary = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 10rem), 1fr))',
  gap: vars.space.md,
  margin: 0,
});
export const figureTerm = style({ display: 'inline', marginInlineEnd: vars.space.xxs });
export const figureValue = style({ display: 'inline', margin: 0 });
