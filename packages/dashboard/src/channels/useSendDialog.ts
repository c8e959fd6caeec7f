import { useState } from 'react';

/**
 * A send modal's wiring in its container: open (with what it was opened for, e.g. the mailbox
 * to send from), the send failure shown in the modal, and closing once sent.
 */
export function useSendDialog<T = true>() {
  const [opened, setOpened] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  return {
    /** What the modal was opened for; null while closed. */
    opened,
    isOpen: opened !== null,
    open: (what: T) => {
      setError(null);
      setOpened(what);
    },
    onOpenChange: (open: boolean) => {
      if (!open) setOpened(null);
    },
    error,
    dismissError: () => setError(null),
    fail: (text: string) => setError(text),
    /** Sent: closes the modal (which resets its form). */
    done: () => {
      setOpened(null);
      setError(null);
    },
  };
}
