import { styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

// Layout atoms (braid's Box, without a sprinkles runtime): one class per value, read from the
// theme's space scale. A screen's own stylesheet keeps only what is particular to it.
export const gap = styleVariants(vars.space, (space) => ({ gap: space }));
export const padding = styleVariants(vars.space, (space) => ({ padding: space }));
export const paddingX = styleVariants(vars.space, (space) => ({
  paddingLeft: space,
  paddingRight: space,
}));
export const paddingY = styleVariants(vars.space, (space) => ({
  paddingTop: space,
  paddingBottom: space,
}));

export const display = styleVariants({
  block: { display: 'block' },
  flex: { display: 'flex' },
  inlineFlex: { display: 'inline-flex' },
  grid: { display: 'grid' },
});
export const flexDirection = styleVariants({
  row: { flexDirection: 'row' },
  column: { flexDirection: 'column' },
});
export const flexWrap = styleVariants({
  wrap: { flexWrap: 'wrap' },
  nowrap: { flexWrap: 'nowrap' },
});
export const alignItems = styleVariants({
  start: { alignItems: 'flex-start' },
  center: { alignItems: 'center' },
  end: { alignItems: 'flex-end' },
  baseline: { alignItems: 'baseline' },
  stretch: { alignItems: 'stretch' },
});
export const justifyContent = styleVariants({
  start: { justifyContent: 'flex-start' },
  center: { justifyContent: 'center' },
  end: { justifyContent: 'flex-end' },
  spaceBetween: { justifyContent: 'space-between' },
});
/** A flex item that may shrink below its content's width (long text wraps or ellipsises). */
export const shrink = styleVariants({ true: { minWidth: 0 } });
