// Exports of the layout primitives (braid's Box, Stack and Inline over the theme's space scale).
export { Box, boxClasses, spaces } from './components/Box';
export type { BoxProps, BoxDisplay, BoxAlign, BoxJustify, Space } from './components/Box';
export { Stack } from './components/Stack';
export type { StackProps } from './components/Stack';
export { Inline } from './components/Inline';
export type { InlineProps } from './components/Inline';
