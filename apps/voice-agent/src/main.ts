import { fileURLToPath } from 'node:url';
import { cli, initializeLogger, log, ServerOptions, type VAD } from '@livekit/agents';
import * as silero from '@livekit/agents-plugin-silero';
import { startCall } from './callSession';
import { startPhoneStreamServer } from './phone/twilioMediaStream';
import { ServerClient } from './serverClient';
import { readSettings } from './settings';

/**
 * `npm run voice-agent`: the LiveKit worker (browser and widget calls, registered as
 * 'parley-voice-agent') and the phone media-stream endpoint (Twilio) in one process.
 */
async function main() {
  const settings = readSettings();
  if (!settings.workerSecret) {
    console.error(
      'PARLEY_WORKER_SECRET is not set: give the worker and the server the same secret (see README, "Voice worker").',
    );
    process.exit(1);
  }
  const server = new ServerClient({ baseUrl: settings.serverUrl, secret: settings.workerSecret });

  if (settings.phoneStreamPort > 0) {
    initializeLogger({ pretty: process.stdout.isTTY, level: process.env.LOG_LEVEL ?? 'info' });
    const vad: VAD = await silero.VAD.load();
    const phone = await startPhoneStreamServer({
      port: settings.phoneStreamPort,
      host: settings.phoneStreamHost,
      secret: settings.workerSecret,
      onCall: (info, io, hangUp) =>
        startCall({
          server,
          callToken: info.callToken,
          purpose: info.purpose,
          vad,
          io,
          hangUp,
          localStt: settings.localSttJsgf ? { jsgf: settings.localSttJsgf } : undefined,
        }),
    });
    log().info(
      `phone media streams on ws://${settings.phoneStreamHost}:${phone.port}/phone/stream`,
    );
  }

  if (!settings.livekit) {
    console.warn(
      'LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET are not set: browser and widget calls are off (phone streams only).',
    );
    return;
  }
  // cli.runApp reads its command (start, dev) from argv and forks job processes on agent.ts.
  cli.runApp(
    new ServerOptions({
      agent: fileURLToPath(new URL('./agent.ts', import.meta.url)),
      agentName: settings.agentName,
      wsURL: settings.livekit.url,
      apiKey: settings.livekit.apiKey,
      apiSecret: settings.livekit.apiSecret,
      // Loading Silero in each job process takes seconds on a small machine.
      initializeProcessTimeout: 60_000,
    }),
  );
}

void main();
