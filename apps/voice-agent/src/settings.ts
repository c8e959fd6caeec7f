import { readFileSync } from 'node:fs';
import { voiceWorkerName } from '@parley/api-client/call-token';

/** The worker's environment (README: "Voice worker"). */
export interface WorkerSettings {
  /** The Parley server the worker loads agents from and logs calls to. */
  serverUrl: string;
  /** Shared with the server: authorises the worker's internal calls and signs phone streams. */
  workerSecret: string;
  livekit: { url: string; apiKey: string; apiSecret: string } | null;
  /** The Twilio Media Streams WebSocket (0 = off). */
  phoneStreamPort: number;
  phoneStreamHost: string;
  agentName: string;
  /**
   * PARLEY_LOCAL_STT_GRAMMAR: a JSGF grammar file the local transcriber (pocketsphinx) is limited
   * to on every call (a phone menu's phrases; the tests' deterministic recognition). Unset: free
   * speech with the en-US language model.
   */
  localSttJsgf: string | undefined;
}

export function readSettings(
  env: Record<string, string | undefined> = process.env,
): WorkerSettings {
  const url = env.LIVEKIT_URL;
  const apiKey = env.LIVEKIT_API_KEY;
  const apiSecret = env.LIVEKIT_API_SECRET;
  const port = Number(env.PARLEY_PHONE_STREAM_PORT ?? 8790);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error('PARLEY_PHONE_STREAM_PORT must be a port number (0 = no phone stream)');
  return {
    serverUrl: env.PARLEY_SERVER_URL ?? `http://localhost:${env.PORT ?? 3000}`,
    workerSecret: env.PARLEY_WORKER_SECRET ?? '',
    livekit: url && apiKey && apiSecret ? { url, apiKey, apiSecret } : null,
    phoneStreamPort: port,
    phoneStreamHost: env.PARLEY_PHONE_STREAM_HOST ?? '0.0.0.0',
    agentName: voiceWorkerName,
    localSttJsgf: readGrammar(env.PARLEY_LOCAL_STT_GRAMMAR),
  };
}

function readGrammar(file: string | undefined): string | undefined {
  if (!file) return undefined;
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(
      `PARLEY_LOCAL_STT_GRAMMAR: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? err})`,
      { cause: err },
    );
  }
}
