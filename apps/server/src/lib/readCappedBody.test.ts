import { describe, expect, it } from 'vitest';
import { readCappedBody } from './outbound';

/** A chunked body (no Content-Length) of `chunks` pieces of `size` bytes; counts what was pulled. */
function chunked(chunks: number, size: number) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === chunks) return controller.close();
      pulled++;
      controller.enqueue(new Uint8Array(size).fill(97));
    },
  });
  return { res: new Response(body), pulled: () => pulled };
}

describe('readCappedBody', () => {
  it('reads a body within the cap whole', async () => {
    const { res } = chunked(3, 10);
    expect((await readCappedBody(res, 30))?.toString()).toBe('a'.repeat(30));
  });
  it('stops at the cap whatever the headers say, without reading the rest', async () => {
    const { res, pulled } = chunked(1000, 1024);
    expect(await readCappedBody(res, 4096)).toBeNull();
    expect(pulled()).toBeLessThan(10);
  });
  it('an abort cancels the read and throws its reason', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(10));
      },
    });
    const controller = new AbortController();
    const reading = readCappedBody(new Response(body), 4096, controller.signal);
    setTimeout(() => controller.abort(new Error('too slow')), 20);
    await expect(reading).rejects.toThrow('too slow');
  });
});
