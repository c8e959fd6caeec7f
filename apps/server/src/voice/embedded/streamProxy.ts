import type { IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { voiceStreamPath } from '@parley/api-client';
import { callTokenReasons, decodeCallToken, verifyCallToken } from '@parley/api-client/call-token';
import type { CallSlots } from './callSlots';

/** Answers an upgrade request with a plain HTTP status (no WebSocket). */
export function refuseUpgrade(
  socket: Duplex,
  status: number,
  text: string,
  headers: Record<string, string> = {},
) {
  if (socket.destroyed) return;
  const lines = Object.entries({
    Connection: 'close',
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    ...headers,
  }).map(([k, v]) => `${k}: ${v}`);
  socket.end(
    `HTTP/1.1 ${status} ${statusText[status] ?? ''}\r\n${lines.join('\r\n')}\r\n\r\n${text}`,
  );
}

const statusText: Record<number, string> = {
  403: 'Forbidden',
  404: 'Not Found',
  503: 'Service Unavailable',
};

/** The request line and headers as they arrived, to replay to the worker. */
export function requestHead(req: IncomingMessage): string {
  const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2)
    lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

export interface StreamProxyDeps {
  /** The secret WebSocket call tokens are signed with. */
  secret: string;
  slots: CallSlots;
  /** The worker's loopback port (starts it when none runs). */
  workerPort: () => Promise<number>;
  /** A call's socket closed (its slot is free again). */
  onCallEnded?: () => void;
  logger: Logger;
}

/**
 * GET /voice/stream?token=… (a WebSocket upgrade on the server's own port): the token is checked
 * (signature, expiry, a WebSocket token), the call takes its slot, and the connection is handed
 * to the embedded worker — the request replayed to its loopback port and the two sockets piped —
 * which does the WebSocket handshake and runs the call. A bad token is 403, no free slot 503
 * with Retry-After, a worker that cannot start 503. Other paths are not ours (false).
 */
export function handleStreamUpgrade(
  deps: StreamProxyDeps,
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
): boolean {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname !== voiceStreamPath) return false;
  socket.on('error', () => undefined);
  socket.pause();
  const verdict = verifyCallToken(deps.secret, decodeCallToken(url.searchParams.get('token')));
  if (!verdict.ok || verdict.claims.transport !== 'websocket') {
    const why = verdict.ok ? 'is not a WebSocket call token' : callTokenReasons[verdict.reason];
    refuseUpgrade(socket, 403, `token: the call token ${why}`);
    return true;
  }
  const release = deps.slots.admit(verdict.claims.nonce);
  if (!release) {
    refuseUpgrade(socket, 503, 'This server is taking as many voice calls as it can: try again.', {
      'Retry-After': String(deps.slots.retryAfterSeconds()),
    });
    return true;
  }
  let closed = false;
  const done = () => {
    if (closed) return;
    closed = true;
    release();
    deps.onCallEnded?.();
  };
  socket.once('close', done);
  deps.workerPort().then(
    (port) => {
      if (socket.destroyed) return done();
      const upstream = connect(port, '127.0.0.1');
      const close = () => {
        socket.destroy();
        upstream.destroy();
        done();
      };
      upstream.once('connect', () => {
        upstream.write(requestHead(req));
        if (head.length) upstream.write(head);
        socket.pipe(upstream);
        upstream.pipe(socket);
      });
      upstream.on('error', (err) => {
        deps.logger.warn({ err }, 'embedded voice worker connection failed');
        close();
      });
      upstream.once('close', close);
      socket.once('close', close);
    },
    (err: unknown) => {
      deps.logger.error({ err }, 'the embedded voice worker could not start');
      refuseUpgrade(socket, 503, 'Voice calls are not available right now: try again.', {
        'Retry-After': '10',
      });
      done();
    },
  );
  return true;
}
