import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { createChatRuntime, messageOf, type FetchLike } from '@parley/api-client';
import {
  chatReducer,
  clearChat,
  initialChatState,
  isThinking,
  loadChat,
  newMessageId,
  runtimeBaseUrl,
  saveChat,
  sendBlock,
  type ChatMessage,
  type ChatState,
  type SendBlock,
} from './chatSession';

export interface UseChatOptions {
  /** The agent's chatbot_api (e.g. 'https://host/v1'). Without it nothing can be sent. */
  apiUrl?: string | null;
  /** The agent's chatbot_key ('app-…'). */
  apiKey?: string | null;
  /** The agent chatted with; also names the storage entry. Without it sending is blocked. */
  agentId?: string | null;
  /** Who is chatting, as the runtime's `user` field. */
  user: string;
  /** Messages a new conversation starts with (e.g. the public page's initial message). */
  initialMessages?: ChatMessage[];
  /** Keep the conversation in localStorage under 'parley.chat.{agentId}' (default true). */
  persist?: boolean;
  /** Default: window.localStorage when available. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /** For tests; default: global fetch. */
  fetch?: FetchLike;
  /** Query parameters of each chat call (the console's test chat: which version answers). */
  query?: Record<string, string>;
}

/** Why `send` did nothing: the spec's rules (§5), or an agent without an API configured. */
export type ChatSendBlock = SendBlock | 'not-configured';

export interface UseChatResult {
  messages: ChatMessage[];
  /** A reply is on its way. */
  pending: boolean;
  /** Waiting for the first text of the reply ('Thinking...'). */
  thinking: boolean;
  conversationId: string;
  /** The agent has an API URL and key. */
  configured: boolean;
  /** Sends `text`; returns why it was blocked, or null when sent. */
  send: (text: string) => ChatSendBlock | null;
  /** Stops the reply being received (text that arrived stays). */
  stop: () => void;
  /** Starts a new conversation and forgets the stored one. */
  clear: () => void;
}

function defaultStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

const now = () => new Date().toISOString();

/**
 * A chat with an agent over the streaming runtime (POST {chatbot_api}/chat-messages, SSE): the
 * answer appears as it arrives, can be stopped, and the conversation id is kept so the agent
 * sees the history. State transitions live in `chatReducer` (chatSession.ts).
 */
export function useChat(options: UseChatOptions): UseChatResult {
  const { apiUrl, apiKey, agentId, user, initialMessages, persist = true, fetch } = options;
  const queryText = options.query ? new URLSearchParams(options.query).toString() : '';
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  const agentKey = agentId ?? '';

  const init = (): ChatState => {
    const stored = persist ? loadChat(storage, agentKey) : null;
    return stored && stored.messages.length > 0
      ? initialChatState(stored.messages, stored.conversationId)
      : initialChatState(initialMessages ?? []);
  };
  const [state, dispatch] = useReducer(chatReducer, undefined, init);

  const controller = useRef<AbortController | null>(null);
  const pendingRef = useRef(false);
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
    pendingRef.current = state.pending;
  });

  // Another agent: stop what is running and load its conversation.
  const [loadedFor, setLoadedFor] = useState(agentKey);
  if (loadedFor !== agentKey) {
    setLoadedFor(agentKey);
    const next = init();
    dispatch({ type: 'load', messages: next.messages, conversationId: next.conversationId });
  }
  useEffect(
    () => () => {
      controller.current?.abort();
      controller.current = null;
      pendingRef.current = false;
    },
    [agentKey],
  );

  // Keep finished conversations (never a half-received answer).
  useEffect(() => {
    if (!persist || state.pending || !agentKey) return;
    saveChat(storage, agentKey, { messages: state.messages, conversationId: state.conversationId });
  }, [persist, storage, agentKey, state.messages, state.conversationId, state.pending]);

  const send = useCallback(
    (text: string): ChatSendBlock | null => {
      const block = sendBlock({ pending: pendingRef.current }, text, agentKey);
      if (block) return block;
      if (!apiUrl || !apiKey) return 'not-configured';
      const query = text.trim();
      const abort = new AbortController();
      controller.current = abort;
      pendingRef.current = true;
      const botId = newMessageId('bot');
      dispatch({ type: 'send', id: newMessageId('user'), text: query, timestamp: now() });
      const runtime = createChatRuntime({
        apiUrl: runtimeBaseUrl(apiUrl),
        apiKey,
        fetch,
        ...(queryText ? { query: Object.fromEntries(new URLSearchParams(queryText)) } : {}),
      });
      runtime
        .stream({
          query,
          user,
          conversationId: latest.current.conversationId || undefined,
          signal: abort.signal,
          onDelta: (_delta, soFar) => {
            if (!abort.signal.aborted) {
              dispatch({ type: 'delta', id: botId, text: soFar, timestamp: now() });
            }
          },
        })
        .then(
          (result) => {
            if (abort.signal.aborted) return;
            dispatch({
              type: 'done',
              id: botId,
              answer: result.answer,
              conversationId: result.conversationId,
              offline: result.offline,
              timestamp: now(),
              toolSteps: result.thoughts.map((t) => ({
                id: t.id,
                tool: t.tool,
                input: t.toolInput,
                output: t.observation,
                ...(t.durationMs !== undefined ? { durationMs: t.durationMs } : {}),
                ...(t.error ? { error: true } : {}),
              })),
            });
          },
          (error: unknown) => {
            if (abort.signal.aborted) return;
            dispatch({ type: 'fail', id: botId, detail: messageOf(error), timestamp: now() });
          },
        )
        .finally(() => {
          if (controller.current === abort) controller.current = null;
        });
      return null;
    },
    [agentKey, apiUrl, apiKey, fetch, user, queryText],
  );

  const stop = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    pendingRef.current = false;
    dispatch({ type: 'stop' });
  }, []);

  const clear = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    pendingRef.current = false;
    if (persist) clearChat(storage, agentKey);
    dispatch({ type: 'clear', messages: initialMessages ?? [] });
  }, [persist, storage, agentKey, initialMessages]);

  return {
    messages: state.messages,
    pending: state.pending,
    thinking: isThinking(state),
    conversationId: state.conversationId,
    configured: Boolean(apiUrl && apiKey),
    send,
    stop,
    clear,
  };
}

/** What a chat panel shows and calls of a chat (its messages, progress, send, stop, clear). */
export function chatPanelProps(chat: UseChatResult) {
  const { messages, pending, thinking, send, stop, clear } = chat;
  return { messages, pending, thinking, onSend: send, onStop: stop, onClear: clear };
}
