import {
  APIConnectionError,
  DEFAULT_API_CONNECT_OPTIONS,
  llm,
  shortuuid,
  type APIConnectOptions,
} from '@livekit/agents';
import type { VoiceCallActions } from '@parley/api-client';
import type { ServerClient } from './serverClient';

export interface RuntimeAnswer {
  messageId: string;
  text: string;
  offline: boolean;
  /** What to do on the call once this answer is spoken (end_call, transfer_call). */
  actions?: VoiceCallActions;
  /** A member holds the call: the caller's words were taken as a message, or it is transferred. */
  held?: 'message_taken' | 'transfer';
  /** The answer was the consent step (privacy): asked again, given or refused. */
  consent?: 'asked' | 'given' | 'refused';
}

/** Said while a slow tool runs (a tool step taking longer than `fillerDelayMs`). */
export const toolFiller = 'One moment, please. ';
/** How long a tool runs before the caller hears the filler. */
export const defaultFillerDelayMs = 1000;

/**
 * The agent's model through OUR runtime: each caller turn goes to the server
 * (POST /voice/internal/calls/{id}/chat → the same startTurn as /v1/chat-messages: prompt,
 * history, knowledge retrieval, offline responder) and the answer streams back as the
 * framework's chat chunks. The server keeps the history, so only the latest caller text is sent.
 */
export class ParleyLLM extends llm.LLM {
  constructor(
    private readonly server: ServerClient,
    private readonly callId: () => string,
    /** Each finished answer (the server's message id, for the turn's figures). */
    private readonly onAnswer: (answer: RuntimeAnswer) => void = () => undefined,
    readonly fillerDelayMs = defaultFillerDelayMs,
  ) {
    super();
  }

  label(): string {
    return 'parley.Runtime';
  }
  override get model(): string {
    return 'parley-runtime';
  }

  chat({
    chatCtx,
    toolCtx,
    connOptions = DEFAULT_API_CONNECT_OPTIONS,
  }: {
    chatCtx: llm.ChatContext;
    toolCtx?: llm.ToolContextLike;
    connOptions?: APIConnectOptions;
    parallelToolCalls?: boolean;
    toolChoice?: llm.ToolChoice;
    extraKwargs?: Record<string, unknown>;
  }): llm.LLMStream {
    return new ParleyLLMStream(this, { chatCtx, toolCtx, connOptions });
  }

  /** @internal */
  runTurn(query: string, signal: AbortSignal) {
    return this.server.chat(this.callId(), query, signal);
  }
  /** @internal */
  answered(answer: RuntimeAnswer) {
    this.onAnswer(answer);
  }
}

/** The latest caller message of the chat context, or undefined when the turn is not the caller's. */
export function latestCallerText(chatCtx: llm.ChatContext): string | undefined {
  const last = [...chatCtx.items].reverse().find((i) => i.type === 'message');
  if (!last || last.type !== 'message' || last.role !== 'user') return undefined;
  return (last.textContent ?? '').trim() || undefined;
}

class ParleyLLMStream extends llm.LLMStream {
  private readonly parley: ParleyLLM;
  constructor(
    parley: ParleyLLM,
    params: {
      chatCtx: llm.ChatContext;
      toolCtx?: llm.ToolContextLike;
      connOptions: APIConnectOptions;
    },
  ) {
    super(parley, params);
    this.parley = parley;
  }

  protected async run(): Promise<void> {
    const query = latestCallerText(this.chatCtx);
    if (!query) return;
    const id = shortuuid('parley_');
    let text = '';
    // Tools running now; the filler is said once per turn, when one runs longer than the delay.
    let running = 0;
    let filler: ReturnType<typeof setTimeout> | undefined;
    let fillerSaid = false;
    const put = (content: string) => this.queue.put({ id, delta: { role: 'assistant', content } });
    try {
      for await (const line of this.parley.runTurn(query, this.abortController.signal)) {
        if ('delta' in line) {
          text += line.delta;
          put(line.delta);
        } else if ('tool_started' in line) {
          running++;
          if (!filler && !fillerSaid)
            filler = setTimeout(() => {
              filler = undefined;
              if (running <= 0 || fillerSaid || this.abortController.signal.aborted) return;
              fillerSaid = true;
              // A sentence of its own, so the voice says it before the answer's words arrive.
              put(/[^\s.!?,]$/.test(text) ? `. ${toolFiller}` : toolFiller);
            }, this.parley.fillerDelayMs);
        } else if ('tool_done' in line) {
          running = Math.max(0, running - 1);
          if (running === 0 && filler) {
            clearTimeout(filler);
            filler = undefined;
          }
        } else if ('end' in line) {
          this.parley.answered({
            messageId: line.message_id,
            text,
            offline: line.offline,
            actions: line.actions,
            held: line.held,
            consent: line.consent,
          });
        } else {
          throw new APIConnectionError({ message: line.error, options: { retryable: false } });
        }
      }
    } catch (error) {
      if (this.abortController.signal.aborted) return;
      if (error instanceof APIConnectionError) throw error;
      throw new APIConnectionError({
        message: `the Parley runtime did not answer: ${(error as Error).message}`,
        options: { retryable: false },
      });
    } finally {
      if (filler) clearTimeout(filler);
    }
  }
}
