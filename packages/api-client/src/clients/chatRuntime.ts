import { createParser } from 'eventsource-parser';
import { ApiError, httpErrorMessage } from '../errors';
import { joinUrl, type FetchLike } from '../http';
import {
  publicAgentSchema,
  runtimeChatResponseSchema,
  runtimeStreamEventSchema,
  runtimeBaseUrl,
  type PublicAgent,
  type RuntimeChatResponse,
} from '../schemas/runtime';
import { visitorHandoffResponseSchema, type VisitorHandoffResponse } from '../schemas/handoff';

export interface ChatRuntimeOptions {
  /** The agent's chatbot_api, e.g. 'https://host/v1'. */
  apiUrl: string;
  /** The agent's publishable key ('app-…'). */
  apiKey: string;
  fetch?: FetchLike;
  /** Query parameters of the chat call (the console's test chat: `{ version: 'live' }`). */
  query?: Record<string, string>;
}

export interface StreamChatInput {
  query: string;
  user: string;
  conversationId?: string;
  inputs?: Record<string, unknown>;
  signal?: AbortSignal;
  /** Called with each text delta as it arrives. */
  onDelta?: (delta: string, soFar: string) => void;
  /** Called when the agent calls a tool, and again (same id) with its observation. */
  onThought?: (thought: AgentThought) => void;
}

/** One tool call of an Action Agent's answer, as the stream tells it. */
export interface AgentThought {
  id: string;
  position: number;
  tool: string;
  /** The arguments as JSON text. */
  toolInput: string;
  /** The tool's answer as text; '' while it runs. */
  observation: string;
  /** Once it answered: how long it took, and why it failed (null when it did not). */
  durationMs?: number;
  error?: string | null;
}

export interface StreamChatResult {
  answer: string;
  conversationId: string;
  messageId: string;
  offline: boolean;
  /** The tool calls, in order (the last state of each). */
  thoughts: AgentThought[];
}

async function failure(res: Response): Promise<ApiError> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* plain text */
  }
  return new ApiError(httpErrorMessage(res.status, res.statusText, body), res.status, body);
}

/** The public agent API (chat page, chat widget, the console's chat drawer). */
export function createChatRuntime(options: ChatRuntimeOptions) {
  const doFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const search = options.query ? new URLSearchParams(options.query).toString() : '';
  const url = `${joinUrl(runtimeBaseUrl(options.apiUrl), '/chat-messages')}${search ? `?${search}` : ''}`;
  const headers = {
    Authorization: `Bearer ${options.apiKey}`,
    'Content-Type': 'application/json',
  };
  const body = (input: StreamChatInput, mode: 'blocking' | 'streaming') =>
    JSON.stringify({
      inputs: input.inputs ?? {},
      query: input.query,
      response_mode: mode,
      conversation_id: input.conversationId ?? '',
      user: input.user,
    });

  return {
    /** One answer at once. */
    async send(input: StreamChatInput): Promise<RuntimeChatResponse> {
      const res = await doFetch(url, {
        method: 'POST',
        headers,
        body: body(input, 'blocking'),
        signal: input.signal,
      });
      if (!res.ok) throw await failure(res);
      return runtimeChatResponseSchema.parse(await res.json());
    },

    /** Streams the answer (SSE), calling onDelta as text arrives; resolves with the whole answer. */
    async stream(input: StreamChatInput): Promise<StreamChatResult> {
      const res = await doFetch(url, {
        method: 'POST',
        headers: { ...headers, Accept: 'text/event-stream' },
        body: body(input, 'streaming'),
        signal: input.signal,
      });
      if (!res.ok) throw await failure(res);
      if (!res.body) throw new Error('The answer has no body');
      const result: StreamChatResult = {
        answer: '',
        conversationId: '',
        messageId: '',
        offline: false,
        thoughts: [],
      };
      let streamError: Error | null = null;
      const parser = createParser({
        onEvent: (message) => {
          let json: unknown;
          try {
            json = JSON.parse(message.data);
          } catch {
            return;
          }
          const parsed = runtimeStreamEventSchema.safeParse(json);
          if (!parsed.success) return;
          const event = parsed.data;
          if (event.event === 'agent_thought') {
            const thought: AgentThought = {
              id: event.id,
              position: event.position,
              tool: event.tool,
              toolInput: event.tool_input,
              observation: event.observation,
              ...(event.duration_ms !== undefined ? { durationMs: event.duration_ms } : {}),
              ...(event.error !== undefined ? { error: event.error } : {}),
            };
            const at = result.thoughts.findIndex((t) => t.id === thought.id);
            if (at >= 0) result.thoughts[at] = thought;
            else result.thoughts.push(thought);
            input.onThought?.(thought);
          } else if (event.event === 'message' || event.event === 'agent_message') {
            result.answer += event.answer;
            result.conversationId = event.conversation_id;
            result.messageId = event.message_id;
            input.onDelta?.(event.answer, result.answer);
          } else if (event.event === 'message_end') {
            result.conversationId = event.conversation_id;
            result.messageId = event.message_id;
            result.offline = Boolean(event.metadata?.offline);
          } else {
            streamError = new Error(event.message);
          }
        },
      });
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(value);
      }
      if (streamError) throw streamError;
      return result;
    },

    /** 'Talk to a person': the visitor of the conversation asks for a person of the team. */
    async handoff(input: {
      conversationId: string;
      user: string;
      reason?: string;
      signal?: AbortSignal;
    }): Promise<VisitorHandoffResponse> {
      const res = await doFetch(
        joinUrl(
          runtimeBaseUrl(options.apiUrl),
          `/conversations/${encodeURIComponent(input.conversationId)}/handoff`,
        ),
        {
          method: 'POST',
          headers,
          body: JSON.stringify({ user: input.user, reason: input.reason }),
          signal: input.signal,
        },
      );
      if (!res.ok) throw await failure(res);
      return visitorHandoffResponseSchema.parse(await res.json());
    },
  };
}
export type ChatRuntime = ReturnType<typeof createChatRuntime>;

/** Loads an active agent's public chat settings (the QR code's /chatbot/{agentId} page). */
export async function fetchPublicAgent(
  origin: string,
  agentId: string,
  fetchImpl: FetchLike = (input, init) => globalThis.fetch(input, init),
): Promise<PublicAgent> {
  const res = await fetchImpl(joinUrl(origin, `/v1/public/agents/${encodeURIComponent(agentId)}`), {
    headers: { Accept: 'application/json' },
  });
  if (!res.ok) throw await failure(res);
  return publicAgentSchema.parse(await res.json());
}
