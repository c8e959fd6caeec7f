import { initializeLogger, log, type VAD } from '@livekit/agents';
import * as silero from '@livekit/agents-plugin-silero';
import { voiceStreamLimits } from '@parley/api-client';
import { startCall } from './callSession';
import { ServerClient } from './serverClient';
import { readSettings } from './settings';
import { startWebSocketCallServer } from './websocket/webSocketServer';

/**
 * The embedded voice worker: the Parley server starts this file as its child process when a
 * call needs it (apps/server/src/voice/embedded), without LiveKit and without a second command.
 * It serves WebSocket calls on a loopback port, which the server hands each call's connection
 * to, and runs the same call session as LiveKit rooms and phone streams (callSession.ts). It
 * talks to its server at PARLEY_SERVER_URL with the secret the server gave it, and exits when
 * the server is gone (the IPC channel closes) or asks it to stop.
 *
 * Messages to the server (IPC): `{ type: 'ready', port }` once it listens; `{ type: 'call', id,
 * live }` when a call starts and ends (the server ends in the call log those of a worker that died).
 * From the server: `{ type: 'stop' }`: calls end, then the process exits.
 */
async function main() {
  const settings = readSettings();
  const secret = process.env.PARLEY_EMBEDDED_VOICE_SECRET ?? '';
  if (!process.send || !secret) {
    console.error('embedded.ts is started by the Parley server (npm start), not by hand.');
    process.exit(2);
  }
  initializeLogger({ pretty: false, level: process.env.LOG_LEVEL ?? 'info' });
  const server = new ServerClient({ baseUrl: settings.serverUrl, secret });
  const vad: VAD = await silero.VAD.load();
  const calls = await startWebSocketCallServer({
    port: 0,
    host: '127.0.0.1',
    secret,
    onCall: async ({ callToken }, io) => {
      const call = await startCall({
        server,
        callToken,
        vad,
        io,
        maxCallSeconds: voiceStreamLimits.maxCallSeconds,
        localStt: settings.localSttJsgf ? { jsgf: settings.localSttJsgf } : undefined,
      });
      // The server ends the calls of a worker that dies (they would stay open in the call log).
      process.send?.({ type: 'call', id: call.callId, live: true });
      void call.ended.finally(() => process.send?.({ type: 'call', id: call.callId, live: false }));
      return call;
    },
  });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await calls.close().catch((err: unknown) => log().warn({ err }, 'calls did not close'));
    process.exit(0);
  };
  process.on('message', (message: { type?: string }) => {
    if (message?.type === 'stop') void stop();
  });
  process.on('disconnect', () => void stop());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop());
  process.send({ type: 'ready', port: calls.port });
}

void main().catch((err: unknown) => {
  console.error('the embedded voice worker could not start:', err);
  process.exit(1);
});
