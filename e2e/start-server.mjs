// Starts the real server for end-to-end tests on a fresh, throw-away data directory.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';

const dataDir = mkdtempSync(join(tmpdir(), 'parley-e2e-'));
const child = spawn('npx', ['tsx', '../apps/server/src/main.ts'], {
  stdio: 'inherit',
  env: {
    // The fake model of the tests listens on loopback: allow-listed as an operator would for a
    // local model (the default allows public addresses only).
    PARLEY_MODEL_ALLOW_HOSTS: '127.0.0.1',
    // The Tools test's HTTP tool listens on loopback too (e2e/tools.e2e.ts).
    PARLEY_TOOL_ALLOW_HOSTS: '127.0.0.1',
    // The Email test's SMTP server listens on loopback too (e2e/email.e2e.ts).
    PARLEY_MAIL_ALLOW_HOSTS: '127.0.0.1',
    // The Webhooks test's receiver listens on loopback too (e2e/webhooks.e2e.ts).
    PARLEY_WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
    ...process.env,
    PARLEY_DATA_DIR: dataDir,
    NODE_ENV: 'test',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
