import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';

/** apps/voice-agent: the voice worker's package, next to this server's. */
export const voiceAgentDir = fileURLToPath(new URL('../../../../voice-agent', import.meta.url));
export const embeddedEntry = join(voiceAgentDir, 'src/embedded.ts');

/**
 * Whether the voice worker can run as this server's child: its entry and its LiveKit Agents
 * packages are installed (the server's Docker image leaves them out: compose runs the worker).
 */
export function workerInstalled(dir = voiceAgentDir): boolean {
  if (!existsSync(join(dir, 'src/embedded.ts'))) return false;
  try {
    const require = createRequire(join(dir, 'package.json'));
    require.resolve('@livekit/agents');
    require.resolve('tsx');
    return true;
  } catch {
    return false;
  }
}

export interface WorkerProcessOptions {
  /** The server's settings (over the process environment) the child starts with; its own secret is added. */
  env: Record<string, string | undefined>;
  /** The secret the server signs WebSocket call tokens with and the child authorises with. */
  secret: string;
  /** This server's own address for the child (loopback), known once the server listens. */
  serverUrl: () => string | null;
  logger: Logger;
  /** Loading the call pipeline (Silero VAD, the providers) takes seconds on a small machine. */
  readyTimeoutMs?: number;
  entry?: string;
  cwd?: string;
  /** The worker died with these calls live: they are ended in the call log. */
  onOrphanedCalls?: (callIds: string[]) => void;
}

/**
 * The embedded voice worker as a child process (apps/voice-agent/src/embedded.ts): started when
 * a call first needs it, watched (a crash or exit is logged, and the next call starts a new one),
 * stopped with the server. Its LiveKit Agents packages (a third of node_modules, 260 MB of
 * memory once loaded) stay out of the server's own process.
 */
export class WorkerProcess {
  private child: ChildProcess | null = null;
  private readyPort: Promise<number> | null = null;
  /** Children asked to stop (their exit is expected; they ended their calls themselves). */
  private stopped = new WeakSet<ChildProcess>();

  constructor(private readonly options: WorkerProcessOptions) {}

  /** Whether a child is running or starting. */
  get running(): boolean {
    return this.child !== null;
  }

  /** The child's loopback port, starting the child if none runs. */
  port(): Promise<number> {
    if (this.readyPort) return this.readyPort;
    const { options } = this;
    const serverUrl = options.serverUrl();
    if (!serverUrl) return Promise.reject(new Error('the server is not listening yet'));
    const child = fork(options.entry ?? embeddedEntry, [], {
      cwd: options.cwd ?? voiceAgentDir,
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        ...options.env,
        PARLEY_SERVER_URL: serverUrl,
        PARLEY_EMBEDDED_VOICE_SECRET: options.secret,
        LOG_LEVEL: options.env.LOG_LEVEL ?? options.logger.level,
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child = child;
    const started = Date.now();
    /** The calls this child runs (it says when each starts and ends). */
    const liveCalls = new Set<string>();
    const ready = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`the embedded voice worker did not start within ${this.timeoutMs} ms`));
        child.kill('SIGKILL');
      }, this.timeoutMs);
      child.on(
        'message',
        (message: { type?: string; port?: number; id?: string; live?: boolean }) => {
          if (message?.type === 'call' && typeof message.id === 'string') {
            if (message.live) liveCalls.add(message.id);
            else liveCalls.delete(message.id);
            return;
          }
          if (message?.type !== 'ready' || typeof message.port !== 'number') return;
          clearTimeout(timer);
          options.logger.info(
            { pid: child.pid, ms: Date.now() - started },
            'embedded voice worker ready',
          );
          resolve(message.port);
        },
      );
      child.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        // A worker asked to stop ends its calls itself; one that died leaves them open.
        const asked = this.stopped.has(child);
        if (liveCalls.size && !asked) options.onOrphanedCalls?.([...liveCalls]);
        reject(
          new Error(`the embedded voice worker exited (${signal ?? code}) before it was ready`),
        );
        if (this.child === child) {
          this.child = null;
          this.readyPort = null;
        }
        if (!asked)
          options.logger.warn(
            { code, signal },
            'embedded voice worker exited; the next call starts it again',
          );
      });
    });
    // A child that failed to start is forgotten: the next call tries again.
    ready.catch(() => {
      if (this.child === child) {
        this.child = null;
        this.readyPort = null;
      }
    });
    this.readyPort = ready;
    return ready;
  }

  private get timeoutMs() {
    return this.options.readyTimeoutMs ?? 60_000;
  }

  /** Asks the child to hang up its calls and exit (killed after 8 s). */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.stopped.add(child);
    this.child = null;
    this.readyPort = null;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    if (child.connected) child.send({ type: 'stop' });
    else child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 8000);
    await exited;
    clearTimeout(timer);
  }
}
