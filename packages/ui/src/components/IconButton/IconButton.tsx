import { forwardRef, type ReactNode } from 'react';
import { mergeProps, useButton, useObjectRef } from 'react-aria';
import { Tooltip } from '../Tooltip';
import { iconButton } from './IconButton.css';

export interface IconButtonProps {
  /**
   * Accessible name, also shown in a tooltip on hover and on keyboard focus (not a native
   * `title`, which the keyboard and touch never see): icon-only buttons must say what they do.
   */
  label: string;
  icon: ReactNode;
  onClick?: () => void;
  variant?: 'ghost' | 'secondary' | 'danger';
  size?: 'sm' | 'md';
  disabled?: boolean;
  className?: string;
}

/**
 * An icon-only button (react-aria useButton) with a required label, shown in a tooltip, and a
 * visible focus ring.
 */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, icon, onClick, variant = 'ghost', size = 'md', disabled = false, className, ...rest },
  forwardedRef,
) {
  const ref = useObjectRef(forwardedRef);
  const { buttonProps } = useButton(
    { onPress: onClick ? () => onClick() : undefined, isDisabled: disabled, 'aria-label': label },
    ref,
  );
  return (
    <Tooltip content={label}>
      <button
        {...mergeProps(rest, buttonProps)}
        ref={ref}
        className={[iconButton({ variant, size }), className].filter(Boolean).join(' ')}
      >
        {icon}
      </button>
    </Tooltip>
  );
});
