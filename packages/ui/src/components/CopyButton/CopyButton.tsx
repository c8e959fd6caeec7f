import { forwardRef } from 'react';
import { Button, type ButtonProps } from '../Button';
import { copyButton } from './CopyButton.css';
import { COPY_RESET_MS, useCopyToClipboard, type CopyStatus } from './useCopyToClipboard';

export interface CopyButtonProps extends Omit<
  ButtonProps,
  'onClick' | 'children' | 'busy' | 'busyLabel'
> {
  /** Text written to the clipboard. */
  value: string;
  /** Default 'Copy' (e.g. 'Copy Script'). */
  label?: string;
  /** Shown for 2 s after a successful copy. Default 'Copied!'. */
  copiedLabel?: string;
  /** Shown for 2 s when the clipboard refuses. Default 'Copy failed'. */
  failedLabel?: string;
  onCopied?: () => void;
  onCopyError?: (error: unknown) => void;
  /** How long the copied/failed label stays. Default 2000 ms. */
  resetMs?: number;
}

/**
 * Copies `value` with `navigator.clipboard.writeText`, then reads 'Copied!' for exactly 2000 ms
 * ('Copy failed' if the clipboard rejects). The label is a polite live region, so the change is
 * announced; `data-copy-state` exposes idle/copied/failed for styling.
 */
export const CopyButton = forwardRef<HTMLButtonElement, CopyButtonProps>(function CopyButton(
  {
    value,
    label = 'Copy',
    copiedLabel = 'Copied!',
    failedLabel = 'Copy failed',
    onCopied,
    onCopyError,
    resetMs = COPY_RESET_MS,
    variant = 'secondary',
    size = 'sm',
    className,
    ...rest
  },
  ref,
) {
  const { status, copy } = useCopyToClipboard({ resetMs, onCopied, onError: onCopyError });
  const text: Record<CopyStatus, string> = {
    idle: label,
    copied: copiedLabel,
    failed: failedLabel,
  };
  return (
    <Button
      {...rest}
      ref={ref}
      variant={variant}
      size={size}
      data-copy-state={status}
      className={[copyButton, className].filter(Boolean).join(' ')}
      onClick={() => {
        void copy(value);
      }}
    >
      <span aria-live="polite">{text[status]}</span>
    </Button>
  );
});
