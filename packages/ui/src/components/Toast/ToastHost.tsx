import { Toast as RToast } from 'radix-ui';
import * as styles from './Toast.css';
import { CloseIcon } from '../Dialog/CloseIcon';
import type { ToastEntry } from './Toast';

export interface ToastHostProps {
  toasts: ToastEntry[];
  onClosed: (id: number) => void;
}

/**
 * The toasts and their region (Radix Toast): loaded after the page by ToastProvider, so a page
 * that shows no toast at first does not wait for this code.
 */
export default function ToastHost({ toasts, onClosed }: ToastHostProps) {
  return (
    <RToast.Provider swipeDirection="right">
      {toasts.map((t) => (
        <RToast.Root
          key={t.id}
          className={`${styles.toast} ${styles.tone[t.tone]}`}
          duration={t.durationMs}
          type={t.tone === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) onClosed(t.id);
          }}
        >
          <div className={styles.text}>
            <RToast.Title className={styles.title}>{t.title}</RToast.Title>
            {t.description ? (
              <RToast.Description className={styles.description}>
                {t.description}
              </RToast.Description>
            ) : null}
          </div>
          <RToast.Close className={styles.close} aria-label="Dismiss notification">
            <CloseIcon />
          </RToast.Close>
        </RToast.Root>
      ))}
      <RToast.Viewport className={styles.viewport} label="Notifications ({hotkey})" />
    </RToast.Provider>
  );
}
