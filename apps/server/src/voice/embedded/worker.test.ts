import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { workerInstalled, WorkerProcess } from './worker';

/**
 * A stand-in for apps/voice-agent/src/embedded.ts (its IPC: ready with a port, calls starting and
 * ending, stop): it listens on a loopback port, says so, reports one live call, and exits with
 * code 3 when told 'crash' (a worker dying mid-call), or 0 when told 'stop'.
 */
const fakeWorker = `
import { createServer } from 'node:net';
const server = createServer().listen(0, '127.0.0.1', () => {
  process.send({ type: 'ready', port: server.address().port, secret: process.env.PARLEY_EMBEDDED_VOICE_SECRET });
  process.send({ type: 'call', id: 'call-' + process.pid, live: true });
});
process.on('message', (m) => {
  if (m.type === 'crash') process.exit(3);
  if (m.type === 'stop') process.exit(0);
});
`;

describe('the embedded worker process (supervised by the server)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'parley-worker-'));
  const entry = join(dir, 'fake-worker.mjs');
  writeFileSync(entry, fakeWorker);
  let worker: WorkerProcess | null = null;
  afterEach(async () => {
    await worker?.stop();
  });

  it('starts on demand, restarts after a crash, and reports the calls a dead worker left open (the server ends them)', async () => {
    const orphaned: string[][] = [];
    worker = new WorkerProcess({
      env: {},
      secret: 'embedded-secret',
      serverUrl: () => 'http://127.0.0.1:1',
      logger: pino({ level: 'silent' }),
      entry,
      onOrphanedCalls: (ids) => orphaned.push(ids),
    });
    expect(worker.running).toBe(false);
    const port = await worker.port();
    expect(port).toBeGreaterThan(0);
    // Asked again: the same child.
    expect(await worker.port()).toBe(port);
    expect(worker.running).toBe(true);

    // The child dies with a call live: the call is reported, and the next call starts a new one.
    const child = (worker as unknown as { child: import('node:child_process').ChildProcess }).child;
    const exited = new Promise((r) => child.once('exit', r));
    child.send({ type: 'crash' });
    await exited;
    await expect.poll(() => orphaned).toEqual([[`call-${child.pid}`]]);
    expect(worker.running).toBe(false);
    const again = await worker.port();
    expect(again).toBeGreaterThan(0);
    expect(worker.running).toBe(true);

    // Stopped on purpose: its calls are its own to end, nothing is reported.
    await worker.stop();
    expect(worker.running).toBe(false);
    expect(orphaned).toHaveLength(1);
  });

  it('refuses to start before the server listens, and a child that never says ready in time', async () => {
    worker = new WorkerProcess({
      env: {},
      secret: 's',
      serverUrl: () => null,
      logger: pino({ level: 'silent' }),
      entry,
    });
    await expect(worker.port()).rejects.toThrow(/not listening/);
    const silent = join(dir, 'silent.mjs');
    writeFileSync(silent, 'setInterval(() => {}, 1000);\n');
    worker = new WorkerProcess({
      env: {},
      secret: 's',
      serverUrl: () => 'http://127.0.0.1:1',
      logger: pino({ level: 'silent' }),
      entry: silent,
      readyTimeoutMs: 2000,
    });
    await expect(worker.port()).rejects.toThrow(/did not start within 2000 ms/);
    expect(worker.running).toBe(false);
  });

  it('knows whether the voice worker is installed next to the server', () => {
    expect(workerInstalled()).toBe(true);
    expect(workerInstalled(dir)).toBe(false);
  });
});
