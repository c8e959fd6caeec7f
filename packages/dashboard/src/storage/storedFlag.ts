import { useCallback, useState } from 'react';

/** The part of Storage a flag needs (localStorage, or a stand-in in tests). */
export type FlagStorage = Pick<Storage, 'getItem' | 'setItem'>;

const browserStorage = (): FlagStorage | null => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage blocked (private mode, sandboxed frame)
  }
};

/** Reads a remembered yes/no ('1' or '0'); anything else, or no storage, is `fallback`. */
export function readFlag(storage: FlagStorage | null, key: string, fallback = false): boolean {
  try {
    const value = storage?.getItem(key);
    return value === '1' ? true : value === '0' ? false : fallback;
  } catch {
    return fallback;
  }
}

/** Remembers a yes/no; a full or blocked storage is ignored (the flag then lasts the page). */
export function writeFlag(storage: FlagStorage | null, key: string, value: boolean): void {
  try {
    storage?.setItem(key, value ? '1' : '0');
  } catch {
    /* not remembered */
  }
}

/** A yes/no kept in localStorage under `key`, so it stays so after a reload. */
export function useStoredFlag(
  key: string,
  fallback = false,
  storage: FlagStorage | null = browserStorage(),
): [boolean, (value: boolean) => void] {
  const [value, setValue] = useState(() => readFlag(storage, key, fallback));
  const set = useCallback(
    (next: boolean) => {
      writeFlag(storage, key, next);
      setValue(next);
    },
    [storage, key],
  );
  return [value, set];
}

/**
 * Whether this is not the first visit: false the first time `key` is asked for (and from then on
 * remembered), true afterwards. The answer holds for the life of the component.
 */
export function useSeenBefore(
  key: string,
  storage: FlagStorage | null = browserStorage(),
): boolean {
  const [seen] = useState(() => {
    const before = readFlag(storage, key);
    if (!before) writeFlag(storage, key, true);
    return before;
  });
  return seen;
}
