import { forwardRef } from 'react';
import { Box, type BoxAlign, type BoxProps, type Space } from '../Box';

export interface StackProps extends Omit<
  BoxProps,
  'display' | 'flexDirection' | 'flexWrap' | 'alignItems' | 'gap'
> {
  /** Space between the children (default 'md'). */
  gap?: Space;
  /** Horizontal alignment of the children (default: stretched to the stack's width). */
  align?: BoxAlign;
}

/** Children one under another with a space of the theme between them (braid's Stack). */
export const Stack = forwardRef<HTMLElement, StackProps>(function Stack(
  { gap = 'md', align, ...rest },
  ref,
) {
  return (
    <Box ref={ref} display="flex" flexDirection="column" gap={gap} alignItems={align} {...rest} />
  );
});
