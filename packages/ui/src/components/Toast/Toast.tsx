import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Toast as RToast } from 'radix-ui';
import * as styles from './Toast.css';
import { CloseIcon } from '../Dialog/CloseIcon';

export type ToastTone = 'success' | 'error' | 'info' | 'warning';

export interface ToastOptions {
  title: string;
  description?: string;
  tone?: ToastTone;
  /** Milliseconds before it closes by itself (spec: success 4 s, error 6 s). */
  durationMs?: number;
}

interface ToastEntry extends Required<Pick<ToastOptions, 'title' | 'tone'>> {
  id: number;
  description?: string;
  durationMs: number;
}

interface ToastApi {
  show: (options: ToastOptions) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

const defaultDuration: Record<ToastTone, number> = {
  success: 4000,
  info: 4000,
  warning: 6000,
  error: 6000,
};

let nextId = 1;

/** Hosts toasts (Radix Toast): announced to screen readers, F8 focuses the region, swipe or Close dismisses. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const show = useCallback((options: ToastOptions) => {
    const tone = options.tone ?? 'info';
    setToasts((list) => [
      ...list,
      {
        id: nextId++,
        title: options.title,
        description: options.description,
        tone,
        durationMs: options.durationMs ?? defaultDuration[tone],
      },
    ]);
  }, []);
  const api = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={api}>
      <RToast.Provider swipeDirection="right">
        {children}
        {toasts.map((t) => (
          <RToast.Root
            key={t.id}
            className={`${styles.toast} ${styles.tone[t.tone]}`}
            duration={t.durationMs}
            type={t.tone === 'error' ? 'foreground' : 'background'}
            onOpenChange={(open) => {
              if (!open) setToasts((list) => list.filter((x) => x.id !== t.id));
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
    </ToastContext.Provider>
  );
}

/** Shows a toast; must be used inside ToastProvider. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
