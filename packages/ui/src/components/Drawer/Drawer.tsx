import { forwardRef, type ReactNode } from 'react';
import { Dialog as RDialog } from 'radix-ui';
import * as o from '../Dialog/Dialog.css';
import { CloseIcon } from '../Dialog/CloseIcon';
import { useRestoreFocus } from '../Dialog/useRestoreFocus';
import * as styles from './Drawer.css';

export type DrawerWidth = keyof typeof styles.width;

export interface DrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** 'md' (default) 420px, 'lg' 640px; always at most the viewport width. */
  width?: DrawerWidth;
  /** Actions pinned under the scrolling body. */
  footer?: ReactNode;
  children?: ReactNode;
}

/**
 * A right-hand side panel that slides in from the right (Radix Dialog, e.g. the chat test
 * panel): modal, focus trapped inside, Escape, outside clicks and the 'Close' button close it,
 * and focus returns to where it was. The ref points at the panel.
 */
export const Drawer = forwardRef<HTMLDivElement, DrawerProps>(function Drawer(
  { open, onOpenChange, title, description, width = 'md', footer, children },
  ref,
) {
  const returnFocus = useRestoreFocus();
  return (
    <RDialog.Root open={open} onOpenChange={onOpenChange}>
      <RDialog.Portal>
        <RDialog.Overlay className={o.backdrop} />
        <RDialog.Content
          ref={ref}
          className={`${styles.panel} ${styles.width[width]}`}
          onOpenAutoFocus={returnFocus.remember}
          onCloseAutoFocus={returnFocus.restore}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className={styles.header}>
            <div>
              <RDialog.Title className={o.title}>{title}</RDialog.Title>
              {description ? (
                <RDialog.Description className={o.description}>{description}</RDialog.Description>
              ) : null}
            </div>
            <RDialog.Close className={o.closeButton} aria-label="Close">
              <CloseIcon />
            </RDialog.Close>
          </div>
          <div className={styles.body}>{children}</div>
          {footer ? <div className={styles.footer}>{footer}</div> : null}
        </RDialog.Content>
      </RDialog.Portal>
    </RDialog.Root>
  );
});
