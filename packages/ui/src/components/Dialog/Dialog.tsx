import { forwardRef, type ReactNode } from 'react';
import { Dialog as RDialog } from 'radix-ui';
import * as o from './Dialog.css';
import { CloseIcon } from './CloseIcon';
import { useRestoreFocus } from './useRestoreFocus';

export type DialogSize = keyof typeof o.panelSize;

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  size?: DialogSize;
  /** false: Escape and outside clicks do not close it and there is no close button (e.g. a required first step). */
  dismissible?: boolean;
  /** Actions shown right-aligned under the body. */
  footer?: ReactNode;
  children?: ReactNode;
}

/**
 * A modal dialog (Radix Dialog): focus is trapped inside, Escape and outside clicks close it
 * unless `dismissible` is false, the close button is labelled 'Close', and focus returns to the
 * trigger on close. The ref points at the dialog element.
 */
export const Dialog = forwardRef<HTMLDivElement, DialogProps>(function Dialog(
  { open, onOpenChange, title, description, size = 'md', dismissible = true, footer, children },
  ref,
) {
  const block = (e: Event) => {
    if (!dismissible) e.preventDefault();
  };
  // Controlled dialogs have no Radix Trigger, so remember what had focus and give it back on close.
  const returnFocus = useRestoreFocus();
  return (
    <RDialog.Root open={open} onOpenChange={onOpenChange}>
      <RDialog.Portal>
        <RDialog.Overlay className={o.backdrop} />
        <RDialog.Content
          ref={ref}
          className={`${o.panel} ${o.panelSize[size]}`}
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          onOpenAutoFocus={returnFocus.remember}
          onCloseAutoFocus={returnFocus.restore}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className={o.header}>
            <div>
              <RDialog.Title className={o.title}>{title}</RDialog.Title>
              {description ? (
                <RDialog.Description className={o.description}>{description}</RDialog.Description>
              ) : null}
            </div>
            {dismissible ? (
              <RDialog.Close className={o.closeButton} aria-label="Close">
                <CloseIcon />
              </RDialog.Close>
            ) : null}
          </div>
          {children}
          {footer ? <div className={o.footer}>{footer}</div> : null}
        </RDialog.Content>
      </RDialog.Portal>
    </RDialog.Root>
  );
});
