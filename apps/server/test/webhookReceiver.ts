import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got: its headers and raw body. */
export interface Received {
  /** The request's path (a receiver serves several webhooks by path). */
  path: string;
  headers: Record<string, string>;
  body: string;
  at: number;
}

/**
 * A webhook receiver on loopback (tests; reach it with PARLEY_WEBHOOK_ALLOW_HOSTS=127.0.0.1): it
 * records every request and answers with `respond` (200 by default).
 */
export async function startReceiver(
  respond: (req: Received) => { status: number; body?: string } = () => ({ status: 200 }),
) {
  const received: Received[] = [];
  let answer = respond;
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const got: Received = {
        path: req.url ?? '/',
        headers: Object.fromEntries(
          Object.entries(req.headers).map(([k, v]) => [
            k,
            Array.isArray(v) ? v.join(',') : (v ?? ''),
          ]),
        ),
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      received.push(got);
      const { status, body } = answer(got);
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(body ?? 'ok');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    /** The events received (parsed bodies) of a type. */
    events: (type?: string) =>
      received
        .map((r) => ({
          ...r,
          payload: JSON.parse(r.body) as {
            type: string;
            timestamp: string;
            data: Record<string, unknown>;
          },
        }))
        .filter((r) => !type || r.payload.type === type),
    respondWith(next: typeof respond) {
      answer = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
