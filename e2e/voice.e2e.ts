import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { createAgent, createOrganization, newUser, signUp } from './helpers';

/**
 * Voice out of the box (issue 43): the e2e server has no LiveKit settings, so 'Talk to Agent'
 * and the voice widget call over the server's own WebSocket stream, answered by the voice worker
 * the server runs as its child process. Chromium's fake microphone plays a question made with
 * espeak-ng (on a loop: silence, the words, a long pause); the server's local transcriber is
 * limited to the test phrases (PARLEY_LOCAL_STT_GRAMMAR, e2e/start-server.mjs), so what it hears
 * is exact. The agent has no model key: the offline responder answers, quoting the question.
 */

const question = 'what are your opening hours';

/** 16-bit mono WAVE: half a second of silence, the words as espeak-ng says them, 7 s of silence. */
function questionWav(): string {
  const spoken = execFileSync('espeak-ng', ['-v', 'en-us', '-s', '150', '--stdout', question]);
  const rate = spoken.readUInt32LE(24);
  let offset = 12;
  let pcm = Buffer.alloc(0);
  while (offset + 8 <= spoken.length) {
    const id = spoken.toString('ascii', offset, offset + 4);
    const size = spoken.readUInt32LE(offset + 4);
    if (id === 'data') {
      pcm = spoken.subarray(offset + 8, Math.min(spoken.length, offset + 8 + size));
      break;
    }
    offset += 8 + size + (size % 2);
  }
  const silence = (s: number) => Buffer.alloc(Math.round(rate * s) * 2);
  const data = Buffer.concat([silence(0.5), pcm, silence(7)]);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  const file = join(tmpdir(), `parley-e2e-question-${process.pid}.wav`);
  writeFileSync(file, Buffer.concat([header, data]));
  return file;
}

const microphone = questionWav();
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // A fake microphone playing the question, granted without a prompt; sound without a gesture.
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-audio-capture=${microphone}`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
});

test("Talk to Agent without LiveKit: the transcript shows the caller's words and the agent's answer; the call is logged", async ({
  page,
}) => {
  await signUp(page, newUser('voicews'));
  await createOrganization(page, 'Voice Org');
  await createAgent(page, 'talker');
  const agentId = new URL(page.url()).searchParams.get('agent')!;
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));

  await page.getByRole('button', { name: 'Talk to Agent' }).click();
  await expect(page.getByRole('button', { name: 'End Call' })).toBeVisible({ timeout: 60_000 });
  const transcript = page.getByRole('list', { name: 'Live transcript' });
  await expect(transcript.getByText(question, { exact: true }).first()).toBeVisible({
    timeout: 90_000,
  });
  await expect(
    transcript.getByText(/Offline responder:[\s\S]*what are your opening hours/).first(),
  ).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('live-call-state')).toHaveText(/Listening|Thinking|Agent speaking/);
  // The WebSocket call (its microphone worklet heard the question): livekit-client never loaded.
  expect(requests.some((u) => /livekit/i.test(u))).toBe(false);

  await page.getByRole('button', { name: 'End Call' }).click();
  await expect(page.getByRole('button', { name: 'Talk to Agent' })).toBeVisible();
  // The call in the agent's call log: over the WebSocket, from the browser, with both turns.
  await expect
    .poll(async () => {
      const res = await page.request.get(`/voice/calls/agent/${agentId}`);
      const { calls } = (await res.json()) as {
        calls: Array<{ transport: string; source: string; ended_at: string | null; turns: number }>;
      };
      return (
        calls[0] && { ...calls[0], ended: Boolean(calls[0].ended_at), turns: calls[0].turns >= 3 }
      );
    })
    .toMatchObject({ transport: 'websocket', source: 'browser', ended: true, turns: true });
});

/** An agent made through the API, published, its key allowing any site. */
async function publishedAgent(request: APIRequestContext, baseURL: string) {
  const headers = { Origin: baseURL };
  const user = newUser('voicewidget');
  const ok = async <T>(res: Awaited<ReturnType<APIRequestContext['post']>>) => {
    expect(res.ok(), `${res.url()} → ${res.status()} ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  };
  await ok(
    await request.post('/api/auth/sign-up/email', {
      headers,
      data: { name: 'Ada Lovelace', ...user },
    }),
  );
  const org = await ok<{ data: { orgId: string } }>(
    await request.post('/api/org/create-org', { headers, data: { orgName: 'Voice Widget Org' } }),
  );
  const id = `desk_${crypto.randomUUID().replace(/-/g, '_')}`;
  const app = await ok<{ data: { appKey: string } }>(
    await request.post('/api/app/create-agent', {
      headers,
      data: { agentName: id, organizationId: org.data.orgId },
    }),
  );
  await ok(
    await request.post(`/api/agents/update/${id}`, {
      headers,
      data: {
        organization_id: org.data.orgId,
        initial_message: 'Hello! How can I help you today?',
        status: 'active',
      },
    }),
  );
  return { id, key: app.data.appKey };
}

test('the voice widget on another site, without LiveKit: the same call, under a strict CSP', async ({
  page,
  browser,
}, testInfo) => {
  const baseURL = testInfo.project.use.baseURL!;
  const context = await browser.newContext({ baseURL });
  const agent = await publishedAgent(context.request, baseURL);
  await context.close();
  const nonce = 'e2e-voice-nonce';
  const snippet = [
    '<script',
    `  src="${baseURL}/widget/voice.js"`,
    `  data-agent-url="${baseURL}"`,
    `  data-agent-key="${agent.key}"`,
    '  data-agent-name="Front desk"',
    `  data-agent-id="${agent.id}"`,
    `  nonce="${nonce}"`,
    '  defer></script>',
  ].join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body><h1>Shop</h1>${snippet}</body></html>`;
  const site: Server = createServer((_req, res) =>
    res
      .writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': `script-src 'nonce-${nonce}' 'strict-dynamic'; object-src 'none'; base-uri 'none'`,
      })
      .end(html),
  );
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  try {
    const loaded: string[] = [];
    page.on('requestfinished', (r) => loaded.push(r.url()));
    await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
    const widget = page.locator('parley-voice-widget');
    await widget.getByRole('button', { name: 'Talk to Agent' }).click();
    await expect(widget.getByRole('button', { name: 'End Call' })).toBeVisible({
      timeout: 60_000,
    });
    const log = widget.locator('.log');
    await expect(log.getByText(question, { exact: true }).first()).toBeVisible({
      timeout: 90_000,
    });
    await expect(
      log.getByText(/Offline responder:[\s\S]*what are your opening hours/).first(),
    ).toBeVisible({
      timeout: 60_000,
    });
    expect(loaded).toContain(`${baseURL}/widget/voice-ws.js`);
    expect(loaded.some((u) => u.includes('voice-livekit'))).toBe(false);
    await widget.getByRole('button', { name: 'End Call' }).click();
    await expect(widget.getByRole('status')).toContainText('Call ended');
  } finally {
    await new Promise<void>((resolve) => site.close(() => resolve()));
  }
});
