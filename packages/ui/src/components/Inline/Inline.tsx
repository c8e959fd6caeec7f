import { forwardRef } from 'react';
import { Box, type BoxAlign, type BoxJustify, type BoxProps, type Space } from '../Box';

export interface InlineProps extends Omit<
  BoxProps,
  'display' | 'flexDirection' | 'flexWrap' | 'alignItems' | 'justifyContent' | 'gap'
> {
  /** Space between the children, across and down when they wrap (default 'sm'). */
  gap?: Space;
  /** Vertical alignment of the children (default 'center'). */
  alignY?: BoxAlign;
  /** Horizontal placement of the children (default 'start'). */
  align?: BoxJustify;
  /** Children wrap onto more lines when the row is too narrow (default true). */
  wrap?: boolean;
}

/** Children side by side, wrapping, with a space of the theme between them (braid's Inline). */
export const Inline = forwardRef<HTMLElement, InlineProps>(function Inline(
  { gap = 'sm', alignY = 'center', align, wrap = true, ...rest },
  ref,
) {
  return (
    <Box
      ref={ref}
      display="flex"
      flexDirection="row"
      flexWrap={wrap ? 'wrap' : undefined}
      alignItems={alignY}
      justifyContent={align}
      gap={gap}
      {...rest}
    />
  );
});
