export { Button } from './Button';
export type { ButtonProps, ButtonVariant, ButtonSize } from './Button';
export { buttonVariants, buttonSizes } from './Button.css';
