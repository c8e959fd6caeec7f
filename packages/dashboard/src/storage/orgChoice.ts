import { useCallback, useSyncExternalStore } from 'react';

/**
 * The organization a member of several last opened (the navbar's switcher, the user menu, an
 * accepted invitation, a newly created organization), remembered per user in this browser. The
 * dashboard opens it; without one (or when the user no longer belongs to it) the first.
 */
export type ChoiceStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const chosenOrgKey = (userId: string) => `parley.org.${userId}`;
/** Dispatched on `window` when this tab changes the choice (other tabs get a `storage` event). */
export const orgChoiceEvent = 'parley:org-choice';

const browserStorage = (): ChoiceStorage | null => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage blocked: the choice lasts the page
  }
};

export function readChosenOrg(storage: ChoiceStorage | null, userId: string): string | null {
  try {
    return storage?.getItem(chosenOrgKey(userId)) || null;
  } catch {
    return null;
  }
}

export function storeChosenOrg(storage: ChoiceStorage | null, userId: string, orgId: string): void {
  try {
    storage?.setItem(chosenOrgKey(userId), orgId);
  } catch {
    /* full or blocked storage: nothing remembered */
  }
  globalThis.dispatchEvent?.(new Event(orgChoiceEvent));
}

/** Remembers the organization to open next (e.g. the one an invitation joined). */
export function chooseOrganization(userId: string, orgId: string): void {
  storeChosenOrg(browserStorage(), userId, orgId);
}

function subscribe(onChange: () => void) {
  globalThis.addEventListener?.('storage', onChange);
  globalThis.addEventListener?.(orgChoiceEvent, onChange);
  return () => {
    globalThis.removeEventListener?.('storage', onChange);
    globalThis.removeEventListener?.(orgChoiceEvent, onChange);
  };
}

/** The user's chosen organization id (null: none yet) and a way to choose another. */
export function useOrganizationChoice(
  userId: string | undefined,
): [string | null, (orgId: string) => void] {
  const chosen = useSyncExternalStore(
    subscribe,
    () => (userId ? readChosenOrg(browserStorage(), userId) : null),
    () => null,
  );
  const choose = useCallback(
    (orgId: string) => {
      if (userId) chooseOrganization(userId, orgId);
    },
    [userId],
  );
  return [chosen, choose];
}
