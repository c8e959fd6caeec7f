import { useCallback, useEffect, useRef, useState } from 'react';

export type CopyStatus = 'idle' | 'copied' | 'failed';

/** How long 'Copied!' (or 'Copy failed') stays before the button reads 'Copy' again. */
export const COPY_RESET_MS = 2000;

/** Writes text with the async Clipboard API; rejects when it is missing or refused. */
export async function writeToClipboard(text: string): Promise<void> {
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  if (!clipboard?.writeText) throw new Error('Clipboard is not available');
  await clipboard.writeText(text);
}

export interface UseCopyToClipboardOptions {
  /** Default 2000 ms. */
  resetMs?: number;
  onCopied?: () => void;
  onError?: (error: unknown) => void;
}

/**
 * `copy(text)` writes to the clipboard and sets `status` to 'copied' (or 'failed') for `resetMs`,
 * then back to 'idle'. A new copy restarts the period; unmounting clears the timer.
 */
export function useCopyToClipboard({
  resetMs = COPY_RESET_MS,
  onCopied,
  onError,
}: UseCopyToClipboardOptions = {}) {
  const [status, setStatus] = useState<CopyStatus>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(true);
  const callbacks = useRef({ onCopied, onError });
  useEffect(() => {
    callbacks.current = { onCopied, onError };
  }, [onCopied, onError]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  const copy = useCallback(
    async (text: string): Promise<boolean> => {
      let ok: boolean;
      try {
        await writeToClipboard(text);
        ok = true;
      } catch (error) {
        ok = false;
        callbacks.current.onError?.(error);
      }
      if (!mounted.current) return ok;
      clearTimeout(timer.current);
      setStatus(ok ? 'copied' : 'failed');
      timer.current = setTimeout(() => setStatus('idle'), resetMs);
      if (ok) callbacks.current.onCopied?.();
      return ok;
    },
    [resetMs],
  );

  return { status, copy };
}
