import type { FetchLike } from './http';

export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/**
 * A fetch that answers from a route table and records each call; used by the client unit tests
 * (the server suite exercises the same clients over real HTTP).
 */
export function routeFetch(
  routes: Record<string, (call: RecordedCall) => Response | Promise<Response>>,
): FetchLike & { calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const fn = (async (input: string, init?: RequestInit) => {
    if (init?.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const call: RecordedCall = {
      url: input,
      method: init?.method ?? 'GET',
      headers: (init?.headers as Record<string, string>) ?? {},
      body: typeof init?.body === 'string' ? init.body : undefined,
    };
    calls.push(call);
    const path = new URL(input, 'http://x').pathname;
    const handler = routes[`${call.method} ${path}`];
    if (!handler) return new Response('Not Found', { status: 404, statusText: 'Not Found' });
    return handler(call);
  }) as FetchLike & { calls: RecordedCall[] };
  fn.calls = calls;
  return fn;
}

export const json = (body: unknown, status = 200, statusText = 'OK') =>
  new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
