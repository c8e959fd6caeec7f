import { useCallback, useState } from 'react';

/**
 * Browser notifications for conversations that need a person (issue 41): asked for only when the
 * member presses the button (a user action, as browsers require), remembered on this computer.
 *
 * - unsupported: this browser has no Notification API (or not in this context);
 * - default: never asked; denied: the browser blocks them for this site;
 * - on: allowed and turned on here; off: allowed, turned off here.
 */
export type NotifyState = 'unsupported' | 'default' | 'denied' | 'on' | 'off';

export const notifyFlagKey = 'parley.handoffNotifications';

export interface NotificationEnv {
  Notification?: {
    permission: NotificationPermission;
    requestPermission(): Promise<NotificationPermission>;
    new (title: string, options?: NotificationOptions): Notification;
  };
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
}

export function browserEnv(): NotificationEnv {
  let storage: NotificationEnv['storage'];
  try {
    storage = globalThis.localStorage ?? null;
  } catch {
    storage = null;
  }
  return {
    Notification: (globalThis as { Notification?: NotificationEnv['Notification'] }).Notification,
    storage,
  };
}

const flagOn = (env: NotificationEnv) => {
  try {
    return env.storage?.getItem(notifyFlagKey) !== 'off';
  } catch {
    return true;
  }
};
const setFlag = (env: NotificationEnv, value: 'on' | 'off') => {
  try {
    env.storage?.setItem(notifyFlagKey, value);
  } catch {
    /* storage blocked: this page view only */
  }
};

export function notifyStateOf(env: NotificationEnv): NotifyState {
  const N = env.Notification;
  if (!N) return 'unsupported';
  if (N.permission === 'denied') return 'denied';
  if (N.permission === 'default') return 'default';
  return flagOn(env) ? 'on' : 'off';
}

/** Asks the browser (call it from a click) and turns them on here when allowed. */
export async function enableNotifications(env: NotificationEnv): Promise<NotifyState> {
  const N = env.Notification;
  if (!N) return 'unsupported';
  const permission = N.permission === 'granted' ? 'granted' : await N.requestPermission();
  if (permission === 'granted') setFlag(env, 'on');
  return notifyStateOf(env);
}

export function disableNotifications(env: NotificationEnv): NotifyState {
  setFlag(env, 'off');
  return notifyStateOf(env);
}

/** One notification per conversation (its id as the tag); a click opens it in the inbox. */
export function showNotification(
  env: NotificationEnv,
  input: { id: string; title: string; body: string; onOpen: () => void },
): boolean {
  if (notifyStateOf(env) !== 'on' || !env.Notification) return false;
  const n = new env.Notification(input.title, { body: input.body, tag: `handoff-${input.id}` });
  n.onclick = () => {
    globalThis.focus?.();
    input.onOpen();
    n.close();
  };
  return true;
}

/** The state and the two actions, for a view's button. */
export function useBrowserNotifications(env: NotificationEnv = browserEnv()) {
  const [state, setState] = useState<NotifyState>(() => notifyStateOf(env));
  const enable = useCallback(() => {
    void enableNotifications(env).then(setState);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const disable = useCallback(() => setState(disableNotifications(env)), [env]);
  return { state, enable, disable };
}
