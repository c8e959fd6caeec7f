import { createHmac } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { CallSlots } from './callSlots';
import { handleStreamUpgrade, refuseUpgrade } from './streamProxy';
import { workerInstalled, WorkerProcess, type WorkerProcessOptions } from './worker';

/**
 * The embedded voice transport (docs/voice-worker.md, "WebSocket calls"): without LiveKit,
 * `npm start` serves voice calls itself — a WebSocket at /voice/stream on the server's own port,
 * handed to the voice worker's call session running as this server's child process.
 */
export interface EmbeddedVoice {
  /** PARLEY_EMBEDDED_VOICE_CALLS > 0 (the default 4). */
  readonly enabled: boolean;
  /** Signs the WebSocket call tokens; the child authorises its /voice/internal calls with it. */
  readonly secret: string;
  readonly slots: CallSlots;
  /** Why this server cannot take WebSocket calls at all (off, worker not installed), or null. */
  unavailable(): string | null;
  /** Takes /voice/stream upgrades on this HTTP server (main.ts, the test harness). */
  attach(server: Server): void;
  close(): Promise<void>;
}

/** The embedded worker's secret: derived from the server's (several processes sharing PARLEY_SECRET agree). */
export function embeddedSecretOf(serverSecret: string): string {
  return createHmac('sha256', serverSecret).update('parley:embedded-voice-worker').digest('hex');
}

export const embeddedVoiceOff =
  'Voice is not configured on this server: set LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET, or PARLEY_EMBEDDED_VOICE_CALLS above 0, and restart it.';
export const embeddedWorkerMissing =
  'Voice calls need the voice worker on this server: install its packages (npm install, apps/voice-agent) — or set LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET and run the voice worker (npm run voice-agent).';

/** PARLEY_EMBEDDED_VOICE_CALLS: calls at once per process (default 4, 0 = off); a bad value stops the server. */
export function embeddedCallLimit(env: Record<string, string | undefined>): number {
  const raw = env.PARLEY_EMBEDDED_VOICE_CALLS?.trim();
  if (!raw) return 4;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 1000)
    throw new Error('PARLEY_EMBEDDED_VOICE_CALLS must be a whole number from 0 to 1000');
  return n;
}

/** A worker with no call for this long is stopped (its memory returned); the next call starts it. */
export const workerIdleMs = 10 * 60_000;

export function createEmbeddedVoice(options: {
  serverSecret: string;
  env: Record<string, string | undefined>;
  logger: Logger;
  /** Tests: another worker entry, a shorter idle stop. */
  worker?: Partial<Pick<WorkerProcessOptions, 'entry' | 'cwd' | 'readyTimeoutMs'>>;
  /** A worker died with these calls live (the server ends them in its call log). */
  onOrphanedCalls?: (callIds: string[]) => void;
  idleMs?: number;
}): EmbeddedVoice {
  const limit = embeddedCallLimit(options.env);
  const secret = embeddedSecretOf(options.serverSecret);
  const slots = new CallSlots(limit);
  let listening: Server | null = null;
  let installed: boolean | null = null;
  const worker = new WorkerProcess({
    env: options.env,
    secret,
    logger: options.logger,
    onOrphanedCalls: options.onOrphanedCalls,
    ...options.worker,
    serverUrl: () => {
      const address = listening?.address() as AddressInfo | null | undefined;
      if (!address || typeof address !== 'object') return null;
      const host =
        address.address === '::' || address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
      return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
    },
  });
  let idleTimer: NodeJS.Timeout | null = null;
  const idleMs = options.idleMs ?? workerIdleMs;
  const watchIdle = () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    if (!worker.running) return;
    idleTimer = setTimeout(() => {
      idleTimer = null;
      if (slots.used() === 0) void worker.stop();
      else watchIdle();
    }, idleMs);
    idleTimer.unref();
  };
  const workerPort = () => {
    const port = worker.port();
    watchIdle();
    return port;
  };
  return {
    enabled: limit > 0,
    secret,
    slots,
    unavailable() {
      if (limit === 0) return embeddedVoiceOff;
      installed ??= workerInstalled();
      return installed ? null : embeddedWorkerMissing;
    },
    attach(server) {
      listening = server;
      server.on('upgrade', (req, socket, head: Buffer) => {
        const ours = handleStreamUpgrade(
          { secret, slots, workerPort, onCallEnded: watchIdle, logger: options.logger },
          req,
          socket,
          head,
        );
        // Nothing else on this server takes upgrades.
        if (!ours && server.listenerCount('upgrade') === 1) refuseUpgrade(socket, 404, 'Not found');
      });
    },
    async close() {
      if (idleTimer) clearTimeout(idleTimer);
      await worker.stop();
    },
  };
}

declare module '../../lib/env' {
  interface Services {
    /** The embedded WebSocket voice transport (createServer makes it; absent in bare apps). */
    embeddedVoice?: EmbeddedVoice;
  }
}
