import { style } from '@vanilla-extract/css';
import { media } from '@parley/ui';

/**
 * The room the Analytics figures take before they load (measured with one day of figures: the
 * cards, both charts and the four tables stack on phones), so the page does not grow by about
 * 1,000 px under the person reading it.
 */
export const placeholder = style({
  minHeight: '2000px',
  '@media': {
    [media.md]: { minHeight: '1300px' },
    [media.lg]: { minHeight: '950px' },
  },
});
