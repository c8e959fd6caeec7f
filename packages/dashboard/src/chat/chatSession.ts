import { modelMessages, type ToolStepWire } from '@parley/api-client';

/**
 * The chat test session as plain data (spec: agents-and-knowledge §3 Chat message, §5 chat send,
 * §8 chat failure). A reducer holds the message list and the pending reply; the hook `useChat`
 * wraps it with the streaming runtime, and the views only render it.
 */

/** A chat message (spec §3): id, type (user or bot), message, timestamp. */
export interface ChatMessage {
  id: string;
  type: 'user' | 'bot';
  message: string;
  /** ISO 8601. */
  timestamp: string;
  /** True when the server's offline responder gave this answer (no model key). */
  offline?: boolean;
  /** True for the failure message (spec §8). */
  error?: boolean;
  /** Why the reply failed, shown under the failure message (e.g. 'HTTP 401: Invalid API key'). */
  errorDetail?: string;
  /** True while the answer is still arriving. */
  streaming?: boolean;
  /** True when the user stopped the answer before it finished. */
  stopped?: boolean;
  /** The tools the agent called for this answer, in order. */
  toolSteps?: ChatToolStep[];
}

/** One tool call of an answer, as the chat shows it (collapsed: name, arguments, result, time). */
export interface ChatToolStep {
  id: string;
  tool: string;
  /** The arguments, as JSON text. */
  input: string;
  /** What the tool answered (or 'Error: …'); '' while it runs. */
  output: string;
  durationMs?: number;
  error?: boolean;
}

const asText = (v: unknown): string =>
  v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v);

/** A stored answer's `tool_steps` (thread, call transcript) as the steps the views show. */
export function chatToolSteps(messageId: string, steps: readonly ToolStepWire[] | undefined) {
  return (steps ?? []).map((s, i): ChatToolStep => ({
    id: `${messageId}-${i}`,
    tool: s.tool,
    input: asText(s.input),
    output: s.error ? `Error: ${s.error}` : asText(s.output),
    durationMs: s.duration_ms,
    ...(s.error ? { error: true } : {}),
  }));
}

/** The bot message a failed reply becomes (spec §8). */
export const chatFailedText = modelMessages.chatFailed;

export interface ChatState {
  messages: ChatMessage[];
  /** A reply is on its way (spec §5: sending is blocked meanwhile). */
  pending: boolean;
  /** The id of the bot message being streamed, once its first text arrived. */
  streamingId: string | null;
  /** The runtime's conversation id, kept so the agent sees the history. */
  conversationId: string;
}

export type ChatAction =
  | { type: 'send'; id: string; text: string; timestamp: string }
  | { type: 'delta'; id: string; text: string; timestamp: string }
  | {
      type: 'done';
      id: string;
      answer: string;
      conversationId: string;
      offline: boolean;
      timestamp: string;
      toolSteps?: ChatToolStep[];
    }
  | { type: 'fail'; id: string; detail?: string; timestamp: string }
  | { type: 'stop' }
  | { type: 'clear'; messages?: ChatMessage[] }
  | { type: 'load'; messages: ChatMessage[]; conversationId?: string };

export function initialChatState(
  messages: ChatMessage[] = [],
  conversationId: string = '',
): ChatState {
  return { messages, pending: false, streamingId: null, conversationId };
}

function replaceOrAppend(messages: ChatMessage[], message: ChatMessage): ChatMessage[] {
  const index = messages.findIndex((m) => m.id === message.id);
  if (index === -1) return [...messages, message];
  const next = messages.slice();
  next[index] = message;
  return next;
}

/** Pure state transitions of a chat session. */
export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'send': {
      const message: ChatMessage = {
        id: action.id,
        type: 'user',
        message: action.text,
        timestamp: action.timestamp,
      };
      return { ...state, messages: [...state.messages, message], pending: true, streamingId: null };
    }
    case 'delta': {
      if (!state.pending) return state;
      const previous = state.messages.find((m) => m.id === action.id);
      const message: ChatMessage = {
        id: action.id,
        type: 'bot',
        message: action.text,
        timestamp: previous?.timestamp ?? action.timestamp,
        streaming: true,
      };
      return {
        ...state,
        messages: replaceOrAppend(state.messages, message),
        streamingId: action.id,
      };
    }
    case 'done': {
      if (!state.pending) return state;
      const previous = state.messages.find((m) => m.id === action.id);
      const message: ChatMessage = action.answer.trim()
        ? {
            id: action.id,
            type: 'bot',
            message: action.answer,
            timestamp: previous?.timestamp ?? action.timestamp,
            ...(action.offline ? { offline: true } : {}),
            ...(action.toolSteps?.length ? { toolSteps: action.toolSteps } : {}),
          }
        : {
            id: action.id,
            type: 'bot',
            message: chatFailedText,
            timestamp: action.timestamp,
            error: true,
            errorDetail: 'The agent sent an empty answer.',
          };
      return {
        ...state,
        messages: replaceOrAppend(state.messages, message),
        pending: false,
        streamingId: null,
        conversationId: action.conversationId || state.conversationId,
      };
    }
    case 'fail': {
      if (!state.pending) return state;
      // Text that already arrived stays (marked stopped); the failure follows it.
      const kept = state.messages.flatMap((m) =>
        m.id === state.streamingId
          ? m.message.trim()
            ? [{ ...m, streaming: undefined, stopped: true }]
            : []
          : [m],
      );
      const failure: ChatMessage = {
        id: action.id === state.streamingId ? `${action.id}-error` : action.id,
        type: 'bot',
        message: chatFailedText,
        timestamp: action.timestamp,
        error: true,
        ...(action.detail ? { errorDetail: action.detail } : {}),
      };
      return { ...state, messages: [...kept, failure], pending: false, streamingId: null };
    }
    case 'stop': {
      if (!state.pending) return state;
      const messages = state.messages.flatMap((m) =>
        m.id === state.streamingId
          ? m.message.trim()
            ? [{ ...m, streaming: undefined, stopped: true }]
            : []
          : [m],
      );
      return { ...state, messages, pending: false, streamingId: null };
    }
    case 'clear':
      return initialChatState(action.messages ?? []);
    case 'load':
      return initialChatState(action.messages, action.conversationId ?? '');
  }
}

/** True while waiting for the first text of the reply: the panel shows 'Thinking...'. */
export function isThinking(state: ChatState): boolean {
  return state.pending && state.streamingId === null;
}

/** Why a message cannot be sent now (spec §5), or null when it can. */
export type SendBlock = 'blank' | 'no-agent' | 'pending';

export function sendBlock(
  state: Pick<ChatState, 'pending'>,
  text: string,
  agentId: string | null | undefined,
): SendBlock | null {
  if (!text.trim()) return 'blank';
  if (!agentId) return 'no-agent';
  if (state.pending) return 'pending';
  return null;
}

// ---------- persistence (localStorage, cleared by the dashboard's logout) ----------

/** Every chat key starts with this, so logout can clear them all (channels-and-shell §2). */
export const chatStorageKeyPrefix = 'parley.chat.';

/** At most this many messages are kept per agent. */
export const maxStoredMessages = 200;

export function chatStorageKey(agentId: string): string {
  return `${chatStorageKeyPrefix}${agentId}`;
}

export interface StoredChat {
  messages: ChatMessage[];
  conversationId: string;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function readMessage(value: unknown): ChatMessage | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (typeof v.id !== 'string' || typeof v.message !== 'string') return null;
  if (v.type !== 'user' && v.type !== 'bot') return null;
  if (typeof v.timestamp !== 'string') return null;
  return {
    id: v.id,
    type: v.type,
    message: v.message,
    timestamp: v.timestamp,
    ...(v.offline === true ? { offline: true } : {}),
    ...(v.error === true ? { error: true } : {}),
    ...(typeof v.errorDetail === 'string' ? { errorDetail: v.errorDetail } : {}),
    ...(v.stopped === true ? { stopped: true } : {}),
  };
}

/** Reads an agent's saved chat; anything unreadable reads as an empty chat. */
export function loadChat(storage: StorageLike | null | undefined, agentId: string): StoredChat {
  const empty: StoredChat = { messages: [], conversationId: '' };
  if (!storage || !agentId) return empty;
  let raw: string | null;
  try {
    raw = storage.getItem(chatStorageKey(agentId));
  } catch {
    return empty;
  }
  if (!raw) return empty;
  try {
    const parsed: unknown = JSON.parse(raw);
    const body = (Array.isArray(parsed) ? { messages: parsed } : parsed) as Record<string, unknown>;
    const list = Array.isArray(body?.messages) ? body.messages : [];
    const messages = list.map(readMessage).filter((m): m is ChatMessage => m !== null);
    const conversationId = typeof body?.conversationId === 'string' ? body.conversationId : '';
    return { messages, conversationId };
  } catch {
    return empty;
  }
}

/** Saves the finished messages (not one still streaming); an empty chat removes the entry. */
export function saveChat(
  storage: StorageLike | null | undefined,
  agentId: string,
  chat: StoredChat,
): void {
  if (!storage || !agentId) return;
  const messages = chat.messages
    .filter((m) => !m.streaming)
    .slice(-maxStoredMessages)
    .map(({ streaming: _streaming, ...rest }) => rest);
  try {
    if (messages.length === 0 && !chat.conversationId) {
      storage.removeItem(chatStorageKey(agentId));
    } else {
      storage.setItem(
        chatStorageKey(agentId),
        JSON.stringify({ conversationId: chat.conversationId, messages }),
      );
    }
  } catch {
    // Storage full or blocked (private mode): the chat still works, it is just not kept.
  }
}

export function clearChat(storage: StorageLike | null | undefined, agentId: string): void {
  if (!storage || !agentId) return;
  try {
    storage.removeItem(chatStorageKey(agentId));
  } catch {
    /* blocked storage */
  }
}

// ---------- small helpers ----------

let counter = 0;
/** A message id that works outside secure contexts too (crypto.randomUUID needs https). */
export function newMessageId(prefix: 'user' | 'bot' = 'bot'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter.toString(36)}-${Math.random()
    .toString(36)
    .slice(2, 8)}`;
}

/**
 * The runtime client appends '/chat-messages' itself; agent URLs are sometimes stored with it
 * (the editor's default ends in /v1/chat-messages), so it is removed here.
 */
export function runtimeBaseUrl(agentUrl: string): string {
  return agentUrl
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/chat-messages$/, '');
}
