import { useRef } from 'react';

/**
 * Remembers the element focused when an overlay opens and focuses it again when it closes
 * (Radix only restores focus to its own Trigger). Shared by ConfirmDialog and Drawer.
 */
export function useRestoreFocus() {
  const previous = useRef<HTMLElement | null>(null);
  return {
    remember: () => {
      const active = document.activeElement;
      previous.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    restore: (event: Event) => {
      const target = previous.current;
      previous.current = null;
      if (target?.isConnected) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}
