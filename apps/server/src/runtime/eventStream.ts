import type { Context } from 'hono';

const encoder = new TextEncoder();

/** One server-sent event carrying JSON: `data: {…}\n\n` (JSON has no line breaks of its own). */
export function sseEvent(data: unknown): Uint8Array {
  return encoder.encode(`data: ${JSON.stringify(data)}\n\n`);
}

/**
 * A streamed answer whose chunks come from `chunks`, through one ReadableStream that pulls the
 * next chunk as the connection takes it (hono's streamSSE puts a TransformStream, its writer and a
 * second ReadableStream in between: three stream hops per event). The first chunk is asked for at
 * once. When the client goes away, `onCancel` runs and the iteration is ended (its `finally`
 * blocks run once the chunk being produced is done).
 */
export function chunkedResponse(
  c: Context,
  chunks: AsyncIterator<Uint8Array, void>,
  headers: Record<string, string>,
  onCancel: () => void = () => undefined,
): Response {
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        controller.error(error);
      }
    },
    cancel() {
      onCancel();
      void chunks.return?.().catch(() => undefined);
    },
  });
  return c.body(body, 200, headers);
}

/** Dify's event stream: `text/event-stream`, never cached, chunked. */
export const eventStreamHeaders = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache',
  Connection: 'keep-alive',
  'Transfer-Encoding': 'chunked',
};
