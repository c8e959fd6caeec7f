import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';

export type ToastTone = 'success' | 'error' | 'info' | 'warning';

export interface ToastOptions {
  title: string;
  description?: string;
  tone?: ToastTone;
  /** Milliseconds before it closes by itself (spec: success 4 s, error 6 s). */
  durationMs?: number;
}

/** A toast on screen (ToastHost renders them). */
export interface ToastEntry extends Required<Pick<ToastOptions, 'title' | 'tone'>> {
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

// The toasts' code (Radix Toast) loads right after the page, not with it: no page shows a toast
// before anything has happened.
const ToastHost = lazy(() => import('./ToastHost'));

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
  const closed = useCallback(
    (id: number) => setToasts((list) => list.filter((x) => x.id !== id)),
    [],
  );
  const api = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <Suspense fallback={null}>
        <ToastHost toasts={toasts} onClosed={closed} />
      </Suspense>
    </ToastContext.Provider>
  );
}

/** Shows a toast; must be used inside ToastProvider. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
