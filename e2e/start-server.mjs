// Starts the real server for end-to-end tests on a fresh, throw-away data directory.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';

const dataDir = mkdtempSync(join(tmpdir(), 'parley-e2e-'));
// Voice calls without LiveKit (e2e/voice.e2e.ts): the local transcriber hears only these phrases,
// so what the fake microphone says is transcribed exactly.
const grammar = join(dataDir, 'callers.jsgf');
writeFileSync(
  grammar,
  '#JSGF V1.0;\ngrammar callers;\npublic <utterance> = what are your opening hours | goodbye;\n',
);
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
    // Every test signs up its own people, all from 127.0.0.1: more than the default 30 sign-ups per
    // address per 15 minutes (the limit itself is tested in apps/server/src/auth/security.test.ts).
    PARLEY_AUTH_RATE_LIMIT_PER_IP: '1000',
    ...process.env,
    PARLEY_LOCAL_STT_GRAMMAR: grammar,
    PARLEY_DATA_DIR: dataDir,
    NODE_ENV: 'test',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
