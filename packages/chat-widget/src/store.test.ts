import { describe, expect, it, vi } from 'vitest';
import {
  clearedConversation,
  lazyLocalStorage,
  loadConversation,
  maxStoredMessages,
  saveConversation,
  storageKey,
  type ChatMessage,
  type StorageLike,
} from './store';

function memory(): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

const msg = (i: number, type: ChatMessage['type'] = 'user'): ChatMessage => ({
  id: `m${i}`,
  type,
  message: `message ${i}`,
  timestamp: i,
});

describe('message store', () => {
  it('keeps one conversation per agent (agent URL + key)', () => {
    const a = storageKey('https://h/v1', 'app-a');
    expect(a).toMatch(/^parley-chat:/);
    expect(storageKey('https://h/v1', 'app-a')).toBe(a);
    expect(storageKey('https://h/v1', 'app-b')).not.toBe(a);
    expect(storageKey('https://other/v1', 'app-a')).not.toBe(a);
  });

  it('starts fresh with a visitor id, and reads back what it saved', () => {
    const storage = memory();
    const fresh = loadConversation(storage, 'k');
    expect(fresh.user).toMatch(/^visitor-/);
    expect(fresh).toMatchObject({ conversationId: '', messages: [] });

    const saved = {
      ...fresh,
      conversationId: 'c1',
      messages: [msg(1), { ...msg(2, 'bot'), offline: true }],
    };
    saveConversation(storage, 'k', saved);
    expect(loadConversation(storage, 'k')).toEqual(saved);
  });

  it('keeps only the newest messages', () => {
    const storage = memory();
    const messages = Array.from({ length: maxStoredMessages + 5 }, (_, i) => msg(i));
    saveConversation(storage, 'k', { user: 'v', conversationId: 'c', messages });
    const back = loadConversation(storage, 'k');
    expect(back.messages).toHaveLength(maxStoredMessages);
    expect(back.messages[0]!.id).toBe('m5');
  });

  it('survives unreadable data, foreign shapes and storage that throws', () => {
    const storage = memory();
    storage.setItem('k', '{not json');
    expect(loadConversation(storage, 'k').messages).toEqual([]);
    storage.setItem('k', JSON.stringify({ user: 5, messages: [msg(1), { id: 1 }, null] }));
    const back = loadConversation(storage, 'k');
    expect(back.user).toMatch(/^visitor-/);
    expect(back.messages).toEqual([msg(1)]);

    const broken: StorageLike = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(loadConversation(broken, 'k').messages).toEqual([]);
    expect(() => saveConversation(broken, 'k', loadConversation(null, 'k'))).not.toThrow();
  });

  it('Clear forgets the messages and the conversation but keeps the visitor', () => {
    expect(clearedConversation({ user: 'v1', conversationId: 'c', messages: [msg(1)] })).toEqual({
      user: 'v1',
      conversationId: '',
      messages: [],
    });
  });

  it('opens localStorage on first use only (lazyLocalStorage)', () => {
    const get = vi.spyOn(window, 'localStorage', 'get');
    const storage = lazyLocalStorage();
    expect(get).not.toHaveBeenCalled();
    storage.setItem('parley-test', 'v');
    expect(storage.getItem('parley-test')).toBe('v');
    expect(window.localStorage.getItem('parley-test')).toBe('v');
    storage.removeItem('parley-test');
    expect(storage.getItem('parley-test')).toBeNull();
    // One lookup for all of them (the last one is the test's own).
    expect(get).toHaveBeenCalledTimes(2);
    get.mockRestore();

    // A page that blocks storage: nothing kept, nothing thrown.
    const blocked = vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    const none = lazyLocalStorage();
    none.setItem('k', 'v');
    expect(none.getItem('k')).toBeNull();
    blocked.mockRestore();
  });
});
