import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { request } from 'node:http';
import { newAgentId } from '@parley/api-client';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness';

let server: TestServer;
let owner: TestUser;
let orgId: string;

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'parley-chatbot-'));
  await writeFile(
    join(dir, 'chatbot.html'),
    '<!doctype html><html><head><title>Chat</title><!--parley-page--><script type="module" src="/chatbot/assets/chatbot-abc.js"></script></head><body><div id="root"></div></body></html>',
  );
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'assets', 'chatbot-abc.js'), `console.log(${'"page";'.repeat(400)})`);
  server = await startTestServer({ chatbotDir: dir });
  owner = server.newUser();
  orgId = await owner.withOrg('Page Org');
});
afterAll(async () => {
  await server?.close();
});

async function agentWith(settings: Record<string, unknown>) {
  const id = newAgentId('bot');
  const app = await owner.apps.createAgent({ agentName: id, organizationId: orgId });
  await owner.agents.update(id, { organization_id: orgId, ...settings });
  return { id, key: app.data!.appKey };
}

/** The settings the server put into the page. */
function settingsOf(html: string) {
  const json = /<script type="application\/json" id="parley-chatbot">([^<]*)<\/script>/.exec(html);
  expect(json).not.toBeNull();
  return JSON.parse(json![1]!) as Record<string, string>;
}

describe('/chatbot/{id}, the public chat page', () => {
  it('given a link with a foreign api_url › the page talks to this server’s runtime with the agent’s key', async () => {
    const { id, key } = await agentWith({ status: 'active', initial_message: 'Welcome!' });
    const res = await fetch(
      `${server.url}/chatbot/${id}?api_url=${encodeURIComponent('https://attacker.example/v1')}&api_key=app-evil&initial_message=Type+your+password`,
    );
    expect(res.status).toBe(200);
    const settings = settingsOf(await res.text());
    expect(settings).toMatchObject({
      agentUrl: `${server.url}/v1`,
      agentKey: key,
      greeting: 'Type your password',
    });
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toContain('attacker.example');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('permissions-policy')).toContain('microphone=(self)');
  });

  it('given the agent’s configured agent URL › followed, and allowed by the page’s connect-src', async () => {
    const { id } = await agentWith({
      status: 'active',
      chatbot_api: 'https://bots.example/v1/chat-messages',
      chatbot_key: 'app-custom',
    });
    const res = await fetch(
      `${server.url}/chatbot/${id}?api_url=${encodeURIComponent('https://bots.example/v1/chat-messages')}`,
    );
    expect(settingsOf(await res.text())).toMatchObject({
      agentUrl: 'https://bots.example/v1',
      agentKey: 'app-custom',
    });
    expect(res.headers.get('content-security-policy')).toContain(
      "connect-src 'self' https://bots.example;",
    );
  });

  it('escapes what a link puts into the page', async () => {
    const { id } = await agentWith({ status: 'active' });
    const res = await fetch(
      `${server.url}/chatbot/${id}?name=${encodeURIComponent('</title><script>alert(1)</script>')}&initial_message=${encodeURIComponent('</script><script>alert(2)</script>')}`,
    );
    const html = await res.text();
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(settingsOf(html).greeting).toBe('</script><script>alert(2)</script>');
  });

  it('a draft or unknown agent › 404 page; the page’s script is served hashed, immutable and compressed', async () => {
    const draft = await agentWith({ status: 'draft' });
    expect((await fetch(`${server.url}/chatbot/${draft.id}`)).status).toBe(404);
    expect((await fetch(`${server.url}/chatbot/nobody_here`)).status).toBe(404);
    expect((await fetch(`${server.url}/chatbot/assets/missing.js`)).status).toBe(404);

    // node:http, not fetch: fetch would decode the body itself.
    const raw = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>(
      (resolve, reject) => {
        request(
          `${server.url}/chatbot/assets/chatbot-abc.js`,
          { headers: { 'Accept-Encoding': 'br, gzip' } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          },
        )
          .on('error', reject)
          .end();
      },
    );
    expect(raw.headers['content-encoding']).toBe('br');
    expect(raw.headers['cache-control']).toContain('immutable');
    expect(raw.headers['vary']).toBe('Accept-Encoding');
    expect(brotliDecompressSync(raw.body).toString()).toContain('console.log("page";');
  });
});
