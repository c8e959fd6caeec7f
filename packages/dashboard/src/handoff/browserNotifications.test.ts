// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import {
  disableNotifications,
  enableNotifications,
  notifyStateOf,
  showNotification,
  type NotificationEnv,
} from './browserNotifications';

function fakeEnv(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const shown: Array<{ title: string; options?: NotificationOptions; onclick?: () => void }> = [];
  const values = new Map<string, string>();
  class FakeNotification {
    static permission = permission;
    static requestPermission = vi.fn(async () => {
      FakeNotification.permission = answer;
      return answer;
    });
    onclick: (() => void) | null = null;
    constructor(title: string, options?: NotificationOptions) {
      shown.push({ title, options });
      queueMicrotask(() => (shown.at(-1)!.onclick = this.onclick ?? undefined));
    }
    close() {}
  }
  const env: NotificationEnv = {
    Notification: FakeNotification as unknown as NotificationEnv['Notification'],
    storage: { getItem: (k) => values.get(k) ?? null, setItem: (k, v) => void values.set(k, v) },
  };
  return { env, shown, FakeNotification };
}

describe('browser notifications', () => {
  it('are asked for on a click, then on; off and on again stays on this computer', async () => {
    const { env, FakeNotification } = fakeEnv('default', 'granted');
    expect(notifyStateOf(env)).toBe('default');
    expect(await enableNotifications(env)).toBe('on');
    expect(FakeNotification.requestPermission).toHaveBeenCalledOnce();
    expect(disableNotifications(env)).toBe('off');
    expect(await enableNotifications(env)).toBe('on');
    expect(FakeNotification.requestPermission).toHaveBeenCalledOnce();
  });

  it('a browser that blocks them, or has none, says so', async () => {
    expect(await enableNotifications(fakeEnv('default', 'denied').env)).toBe('denied');
    expect(notifyStateOf({ storage: null })).toBe('unsupported');
  });

  it('shows one per conversation only while on; a click opens it', async () => {
    const { env, shown } = fakeEnv('granted');
    const onOpen = vi.fn();
    expect(showNotification(env, { id: 'c1', title: 'T', body: 'B', onOpen })).toBe(true);
    expect(shown[0]).toMatchObject({ title: 'T', options: { body: 'B', tag: 'handoff-c1' } });
    await Promise.resolve();
    shown[0]!.onclick?.();
    expect(onOpen).toHaveBeenCalled();
    disableNotifications(env);
    expect(showNotification(env, { id: 'c2', title: 'T', body: 'B', onOpen })).toBe(false);
    expect(shown).toHaveLength(1);
  });
});
