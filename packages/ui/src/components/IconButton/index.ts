export { IconButton } from './IconButton';
export type { IconButtonProps } from './IconButton';
export { iconButtonVariants } from './IconButton.css';
