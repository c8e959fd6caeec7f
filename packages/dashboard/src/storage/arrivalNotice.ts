import { useEffect, useState } from 'react';

/**
 * A line the dashboard shows once when it opens next: 'Organization created successfully!' after
 * the reload that follows creating one, 'You joined Acme as Admin' after accepting an invitation.
 * Kept in sessionStorage, and removed only once the page has shown it (a render React throws away
 * must not consume it).
 */
export type NoticeStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const arrivalNoticeKey = 'parley.arrivalNotice';

const sessionStore = (): NoticeStorage | null => {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
};

export function readArrivalNotice(storage: NoticeStorage | null): string | null {
  try {
    return storage?.getItem(arrivalNoticeKey) || null;
  } catch {
    return null;
  }
}

export function clearArrivalNotice(storage: NoticeStorage | null): void {
  try {
    storage?.removeItem(arrivalNoticeKey);
  } catch {
    /* blocked storage: nothing was kept */
  }
}

/** Leaves a line for the dashboard's next opening (a full or blocked storage: none). */
export function leaveArrivalNotice(text: string, storage = sessionStore()): void {
  try {
    storage?.setItem(arrivalNoticeKey, text);
  } catch {
    /* nothing to show then */
  }
}

/** The line left for this opening (read while rendering, removed after it is shown), and dismiss. */
export function useArrivalNotice(): [string | null, () => void] {
  const [notice, setNotice] = useState(() => readArrivalNotice(sessionStore()));
  useEffect(() => {
    if (notice) clearArrivalNotice(sessionStore());
  }, [notice]);
  return [notice, () => setNotice(null)];
}
