import { createParser } from 'eventsource-parser';

/**
 * A small streaming client of POST {agentUrl}/chat-messages (Dify-compatible SSE), the same wire
 * contract as `createChatRuntime().stream` in @parley/api-client, without its zod schemas (they
 * would not fit the widget's size budget).
 */
export interface StreamInput {
  agentUrl: string;
  agentKey: string;
  query: string;
  user: string;
  conversationId?: string;
  signal?: AbortSignal;
  /** Called with each text delta and the answer so far. */
  onDelta?: (delta: string, soFar: string) => void;
}

export interface StreamResult {
  answer: string;
  conversationId: string;
  messageId: string;
  offline: boolean;
}

export type StreamChat = (input: StreamInput) => Promise<StreamResult>;

/** A failed reply: HTTP status (0 for network or stream errors) and the server's message. */
export class ChatError extends Error {
  constructor(
    message: string,
    readonly status = 0,
    /** The server's error code, e.g. 'origin_not_allowed'. */
    readonly code = '',
  ) {
    super(message);
    this.name = 'ChatError';
  }
}

interface StreamEvent {
  event?: string;
  answer?: string;
  conversation_id?: string;
  message_id?: string;
  message?: string;
  metadata?: { offline?: boolean };
}

async function failure(res: Response): Promise<ChatError> {
  let detail = `HTTP ${res.status}`;
  let code = '';
  try {
    const body = (await res.json()) as Record<string, unknown>;
    const text = body.message ?? body.detail ?? body.error;
    if (typeof text === 'string' && text) detail = text;
    if (typeof body.code === 'string') code = body.code;
  } catch {
    /* not JSON */
  }
  return new ChatError(detail, res.status, code);
}

export const streamChat: StreamChat = async (input) => {
  const res = await fetch(`${input.agentUrl}/chat-messages`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${input.agentKey}`,
      'Content-Type': 'application/json',
      Accept: 'text/event-stream',
    },
    body: JSON.stringify({
      inputs: {},
      query: input.query,
      response_mode: 'streaming',
      conversation_id: input.conversationId ?? '',
      user: input.user,
    }),
    signal: input.signal,
  });
  if (!res.ok) throw await failure(res);
  if (!res.body) throw new ChatError('The answer has no body');

  const result: StreamResult = { answer: '', conversationId: '', messageId: '', offline: false };
  let streamError: ChatError | null = null;
  const parser = createParser({
    onEvent: ({ data }) => {
      let event: StreamEvent;
      try {
        event = JSON.parse(data) as StreamEvent;
      } catch {
        return;
      }
      if (event.conversation_id) result.conversationId = event.conversation_id;
      if (event.message_id) result.messageId = event.message_id;
      if (event.event === 'message' || event.event === 'agent_message') {
        const delta = event.answer ?? '';
        result.answer += delta;
        input.onDelta?.(delta, result.answer);
      } else if (event.event === 'message_end') {
        result.offline = Boolean(event.metadata?.offline);
      } else if (event.event === 'error') {
        streamError = new ChatError(event.message || 'Stream error');
      }
    },
  });
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(decoder.decode(value, { stream: true }));
  }
  parser.feed(decoder.decode());
  if (streamError) throw streamError;
  return result;
};

/** The agent's Allowed Origins refused this site (403 origin_not_allowed). */
export function isOriginRefused(error: unknown): boolean {
  return (
    error instanceof ChatError &&
    error.status === 403 &&
    (error.code === 'origin_not_allowed' || /not allowed to use this agent/i.test(error.message))
  );
}

/**
 * What the visitor sees when a reply fails (spec §8: one message for every failure); the
 * details go to the console for the site owner. An abort (Clear, destroy) shows nothing.
 */
export function replyErrorText(
  error: unknown,
  genericText: string,
  notAllowedText = genericText,
): string | null {
  if (error instanceof DOMException && error.name === 'AbortError') return null;
  if (error instanceof Error && error.name === 'AbortError') return null;
  if (isOriginRefused(error)) return notAllowedText;
  return genericText;
}

export interface ListenInput {
  agentUrl: string;
  agentKey: string;
  user: string;
  conversationId: string;
  signal: AbortSignal;
  /** A member of the site's team replied (human takeover): its id, text and their first name. */
  onMemberMessage: (id: string, text: string, memberName: string | null) => void;
}

export type ListenConversation = (input: ListenInput) => Promise<void>;

/**
 * The conversation's live events (GET {agentUrl}/conversations/{id}/events, server-sent events):
 * a member's reply arrives the moment it is sent. Resolves when the stream ends or `signal` aborts.
 */
export const listenConversation: ListenConversation = async (input) => {
  const url = `${input.agentUrl}/conversations/${encodeURIComponent(input.conversationId)}/events?user=${encodeURIComponent(input.user)}`;
  const res = await fetch(url, {
    headers: { Authorization: `Bearer ${input.agentKey}`, Accept: 'text/event-stream' },
    signal: input.signal,
  });
  if (!res.ok || !res.body) throw new ChatError(`HTTP ${res.status}`, res.status);
  const parser = createParser({
    onEvent: ({ data }) => {
      try {
        const event = JSON.parse(data) as {
          event?: string;
          id?: string;
          answer?: string;
          member_name?: string | null;
        };
        if (event.event === 'member_message' && event.id && event.answer)
          input.onMemberMessage(
            event.id,
            event.answer,
            typeof event.member_name === 'string' && event.member_name.trim()
              ? event.member_name.trim()
              : null,
          );
      } catch {
        /* not JSON */
      }
    },
  });
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    parser.feed(decoder.decode(value, { stream: true }));
  }
};
