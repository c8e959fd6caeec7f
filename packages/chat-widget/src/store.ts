/** A chat message as the UI keeps it (spec §3: id, type, message, timestamp). */
export interface ChatMessage {
  id: string;
  type: 'user' | 'bot';
  message: string;
  timestamp: number;
  /** The server's offline responder answered (no model was called). */
  offline?: boolean;
  /** The reply failed; `message` holds the spec's error text. */
  error?: boolean;
  /** A person of the team wrote it (human takeover), not the agent: their first name, or ''. */
  member?: string;
}

/** What the widget keeps per agent across page loads. */
export interface StoredConversation {
  /** The visitor id sent as `user`. */
  user: string;
  conversationId: string;
  messages: ChatMessage[];
}

/** Messages kept per agent (older ones are dropped). */
export const maxStoredMessages = 100;

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function hash(text: string): string {
  let h = 5381;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 33) ^ text.charCodeAt(i)) >>> 0;
  return h.toString(36);
}

/** One entry per agent: the agent URL and key identify it. */
export function storageKey(agentUrl: string, agentKey: string): string {
  return `parley-chat:${hash(`${agentUrl}\n${agentKey}`)}`;
}

export function newId(prefix: string): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  return `${prefix}-${random}`;
}

function isMessage(m: unknown): m is ChatMessage {
  if (!m || typeof m !== 'object') return false;
  const r = m as Record<string, unknown>;
  return (
    typeof r.id === 'string' &&
    (r.type === 'user' || r.type === 'bot') &&
    typeof r.message === 'string' &&
    typeof r.timestamp === 'number'
  );
}

/** The stored conversation, or a fresh one (new visitor id) when there is none or it is unreadable. */
export function loadConversation(storage: StorageLike | null, key: string): StoredConversation {
  const fresh = { user: newId('visitor'), conversationId: '', messages: [] };
  try {
    const raw = storage?.getItem(key);
    if (!raw) return fresh;
    const parsed = JSON.parse(raw) as Partial<StoredConversation>;
    return {
      user: typeof parsed.user === 'string' && parsed.user ? parsed.user : fresh.user,
      conversationId: typeof parsed.conversationId === 'string' ? parsed.conversationId : '',
      messages: Array.isArray(parsed.messages) ? parsed.messages.filter(isMessage) : [],
    };
  } catch {
    return fresh;
  }
}

/** Saves (the last {@link maxStoredMessages} messages); storage that is full or blocked is ignored. */
export function saveConversation(
  storage: StorageLike | null,
  key: string,
  conversation: StoredConversation,
): void {
  try {
    storage?.setItem(
      key,
      JSON.stringify({
        ...conversation,
        messages: conversation.messages.slice(-maxStoredMessages),
      }),
    );
  } catch {
    /* quota or privacy mode: the conversation lives for this page only */
  }
}

/** Clear: forget the messages and the server conversation, keep the visitor id. */
export function clearedConversation(conversation: StoredConversation): StoredConversation {
  return { user: conversation.user, conversationId: '', messages: [] };
}

/** localStorage when the page allows it (sandboxed iframes and some privacy modes throw). */
export function safeLocalStorage(): StorageLike | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * {@link safeLocalStorage}, looked up on first use: the widget reads the conversation when the
 * visitor first opens it, and the page load does not pay for opening the origin's storage.
 */
export function lazyLocalStorage(): StorageLike {
  let storage: StorageLike | null | undefined;
  const get = () => (storage === undefined ? (storage = safeLocalStorage()) : storage);
  return {
    getItem: (key) => get()?.getItem(key) ?? null,
    setItem: (key, value) => get()?.setItem(key, value),
    removeItem: (key) => get()?.removeItem(key),
  };
}
