export { Box, boxClasses, spaces } from './Box';
export type { BoxProps, BoxDisplay, BoxAlign, BoxJustify, Space } from './Box';
