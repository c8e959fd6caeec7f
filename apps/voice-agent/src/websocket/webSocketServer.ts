import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { log } from '@livekit/agents';
import { WebSocketServer } from 'ws';
import { voiceStreamLimits, voiceStreamPath } from '@parley/api-client';
import { callTokenReasons, decodeCallToken, verifyCallToken } from '@parley/api-client/call-token';
import {
  handleWebSocketCall,
  type WebSocketCallHandler,
  type WebSocketCallLimits,
} from './webSocketCall';

/** Refuses an upgrade with a plain HTTP answer. */
function refuseUpgrade(socket: Duplex, status: number, text: string) {
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
  );
}

/**
 * The WebSocket call endpoint (`/voice/stream?token=…`): the embedded worker serves it on a
 * loopback port and the Parley server hands each call's connection over (voice/embedded in the
 * server). The token is checked again here (signature, expiry, transport) before the upgrade;
 * frames over `maxFrameBytes` close the socket (1009).
 */
export async function startWebSocketCallServer(options: {
  port: number;
  host?: string;
  /** The secret the server signs WebSocket call tokens with. */
  secret: string;
  onCall: WebSocketCallHandler;
  limits?: WebSocketCallLimits;
}): Promise<{ server: Server; port: number; calls(): number; close(): Promise<void> }> {
  const logger = log().child({ transport: 'websocket' });
  const server = createServer((req, res) => {
    res.writeHead(req.url === '/healthz' ? 200 : 404, { 'Content-Type': 'text/plain' });
    res.end(req.url === '/healthz' ? 'ok' : 'not found');
  });
  /** The calls' ends (each resolves once its call is logged as ended and its socket closed). */
  const running = new Set<Promise<void>>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: voiceStreamLimits.maxFrameBytes });
  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => undefined);
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== voiceStreamPath) return refuseUpgrade(socket, 404, 'Not Found');
    const verdict = verifyCallToken(options.secret, decodeCallToken(url.searchParams.get('token')));
    if (!verdict.ok || verdict.claims.transport !== 'websocket') {
      const why = verdict.ok ? 'is not a WebSocket call token' : callTokenReasons[verdict.reason];
      logger.warn(`websocket call refused: the token ${why}`);
      return refuseUpgrade(socket, 403, 'Forbidden');
    }
    const claims = verdict.claims;
    wss.handleUpgrade(req, socket, head, (ws) => {
      const { done } = handleWebSocketCall(ws, claims, options.onCall, options.limits);
      running.add(done);
      void done.finally(() => running.delete(done));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port, options.host, resolve));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    calls: () => running.size,
    /** Hangs up every call (they are logged as ended, for up to 5 s), then stops listening. */
    close: async () => {
      for (const client of wss.clients) client.close(1001, 'the server is stopping');
      await Promise.race([
        Promise.allSettled([...running]),
        new Promise((resolve) => setTimeout(resolve, 5000).unref()),
      ]);
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
