import { APICallError, type LanguageModel } from 'ai';

/** A provider's language model (the AI SDK's provider interface, which every @ai-sdk provider implements). */
export type ProviderModel = Extract<LanguageModel, { specificationVersion: 'v3' }>;

export interface HistoryMessage {
  role: string;
  content: string;
}

/** What a finished answer reports (filled in as the stream ends). */
export interface ModelOutcome {
  /** The unified finish reason ('stop', 'length', 'other' …); undefined when the stream ended without one. */
  finishReason?: string;
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  /** The first error the stream reported after it started (the text before it was still streamed). */
  streamError?: unknown;
}

/** The retry streamText does with maxRetries 1: once, on a retryable provider answer (408, 409, 429, 5xx). */
const retries = 1;
const initialRetryDelayMs = 2000;

/** The provider's Retry-After (ms or seconds or a date) when it is under a minute, else the backoff. */
export function retryDelayMs(error: unknown, backoffMs: number): number {
  const headers = APICallError.isInstance(error) ? error.responseHeaders : undefined;
  if (!headers) return backoffMs;
  let ms: number | undefined;
  const afterMs = headers['retry-after-ms'];
  if (afterMs && !Number.isNaN(parseFloat(afterMs))) ms = parseFloat(afterMs);
  const after = headers['retry-after'];
  if (after && ms === undefined)
    ms = Number.isNaN(parseFloat(after))
      ? Date.parse(after) - Date.now()
      : parseFloat(after) * 1000;
  return ms !== undefined && !Number.isNaN(ms) && ms >= 0 && ms < 60_000 ? ms : backoffMs;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The answer's text deltas straight from the provider model's `doStream` (the same request the
 * AI SDK's streamText sends, with its one retry), without streamText's extra stream layers, which
 * cost a few milliseconds of CPU per answer. Usage and the finish reason land in `outcome` as the
 * stream ends; an error before the stream starts is thrown, one the stream reports afterwards is
 * put in `outcome.streamError` once the stream has ended. Stopping the iteration early closes the
 * model's stream (and its connection).
 */
export async function* streamModelText(
  model: ProviderModel,
  input: { system: string; history: HistoryMessage[]; query: string; signal?: AbortSignal },
  outcome: ModelOutcome,
): AsyncGenerator<string, void, void> {
  const prompt: Parameters<ProviderModel['doStream']>[0]['prompt'] = [
    { role: 'system', content: input.system },
    ...input.history.map((m) =>
      m.role === 'assistant'
        ? { role: 'assistant' as const, content: [{ type: 'text' as const, text: m.content }] }
        : { role: 'user' as const, content: [{ type: 'text' as const, text: m.content }] },
    ),
    { role: 'user', content: [{ type: 'text', text: input.query }] },
  ];
  let started: Awaited<ReturnType<ProviderModel['doStream']>>;
  for (let attempt = 0; ; attempt++) {
    try {
      started = await model.doStream({ prompt, abortSignal: input.signal });
      break;
    } catch (error) {
      const retryable = APICallError.isInstance(error) && error.isRetryable;
      if (!retryable || attempt >= retries || input.signal?.aborted) throw error;
      await sleep(retryDelayMs(error, initialRetryDelayMs * 2 ** attempt), input.signal);
    }
  }
  const reader = started.stream.getReader();
  let ended = false;
  try {
    for (;;) {
      const { done, value: part } = await reader.read();
      if (done) {
        ended = true;
        return;
      }
      switch (part.type) {
        case 'text-delta':
          if (part.delta) yield part.delta;
          break;
        case 'finish':
          outcome.finishReason = part.finishReason.unified;
          outcome.inputTokens = part.usage.inputTokens.total ?? 0;
          outcome.outputTokens = part.usage.outputTokens.total ?? 0;
          outcome.totalTokens = outcome.inputTokens + outcome.outputTokens;
          break;
        case 'error':
          outcome.streamError ??= part.error;
          break;
      }
    }
  } finally {
    if (!ended) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
