import { forwardRef, useRef, type ReactNode, type ButtonHTMLAttributes } from 'react';
import { mergeProps, useButton, useObjectRef, type AriaButtonOptions } from 'react-aria';
import { button, spinner, type buttonSizes, type buttonVariants } from './Button.css';

export type ButtonVariant = (typeof buttonVariants)[number];
export type ButtonSize = (typeof buttonSizes)[number];

export interface ButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'onClick' | 'disabled'
> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Shows `busyLabel` (e.g. 'Creating Agent...') with a spinner and blocks presses. */
  busy?: boolean;
  busyLabel?: ReactNode;
  disabled?: boolean;
  /** Icon shown before the label. */
  icon?: ReactNode;
  onClick?: (event: { target: EventTarget }) => void;
  children?: ReactNode;
}

/**
 * The console's button. react-aria's `useButton` owns press handling (mouse, touch, keyboard),
 * so it behaves the same under Radix `asChild` triggers.
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = 'primary',
    size = 'md',
    fullWidth = false,
    busy = false,
    busyLabel,
    disabled = false,
    icon,
    onClick,
    children,
    className,
    type = 'button',
    ...rest
  },
  forwardedRef,
) {
  const ref = useObjectRef(forwardedRef);
  const fallbackRef = useRef<HTMLButtonElement>(null);
  const ariaOptions: AriaButtonOptions<'button'> = {
    isDisabled: disabled || busy,
    onPress: onClick ? (e) => onClick({ target: e.target }) : undefined,
    type,
  };
  const { buttonProps } = useButton(ariaOptions, ref ?? fallbackRef);
  // `rest` may carry Radix trigger props (onPointerDown, data-state, aria-expanded...).
  const merged = mergeProps(rest, buttonProps);
  return (
    <button
      {...merged}
      ref={ref}
      aria-busy={busy || undefined}
      className={[button({ variant, size, fullWidth }), className].filter(Boolean).join(' ')}
    >
      {busy ? <span className={spinner} aria-hidden="true" /> : icon}
      <span>{busy && busyLabel ? busyLabel : children}</span>
    </button>
  );
});
