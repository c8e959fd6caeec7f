import { forwardRef, type ReactNode } from 'react';
import { AlertDialog } from 'radix-ui';
import * as o from '../Dialog/Dialog.css';
import { useRestoreFocus } from '../Dialog/useRestoreFocus';
import { Button } from '../Button';
import * as styles from './ConfirmDialog.css';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  message: ReactNode;
  detail?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Shown on the confirm button while `busy` (e.g. 'Deleting...'). */
  busyLabel?: string;
  busy?: boolean;
  tone?: 'danger' | 'primary';
  /** Called on confirm; the dialog stays open until the parent closes it. */
  onConfirm: () => void;
}

/**
 * A confirmation for destructive actions (Radix AlertDialog, role alertdialog): focus starts on
 * Cancel, Escape cancels, outside clicks do nothing; while busy both buttons are disabled, the
 * confirm button shows `busyLabel` and Escape is ignored. Focus returns to where it was on close.
 */
export const ConfirmDialog = forwardRef<HTMLDivElement, ConfirmDialogProps>(function ConfirmDialog(
  {
    open,
    onOpenChange,
    title,
    message,
    detail,
    confirmLabel,
    cancelLabel = 'Cancel',
    busyLabel,
    busy = false,
    tone = 'danger',
    onConfirm,
  },
  ref,
) {
  const returnFocus = useRestoreFocus();
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => (!busy || next ? onOpenChange(next) : undefined)}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={o.backdrop} />
        <AlertDialog.Content
          ref={ref}
          className={`${o.panel} ${o.panelSize.sm}`}
          onOpenAutoFocus={returnFocus.remember}
          onCloseAutoFocus={returnFocus.restore}
          onEscapeKeyDown={(e) => (busy ? e.preventDefault() : undefined)}
        >
          <AlertDialog.Title className={o.title}>{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className={styles.body}>
              <p className={styles.message}>{message}</p>
              {detail ? <p className={styles.detail}>{detail}</p> : null}
            </div>
          </AlertDialog.Description>
          <div className={o.footer}>
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={busy}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            <Button variant={tone} busy={busy} busyLabel={busyLabel} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
});
