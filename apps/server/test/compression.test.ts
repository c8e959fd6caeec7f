import { describe, expect, it } from 'vitest';
import { once } from 'node:events';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { serveConsole } from '../src/static';
import { serveWidgets } from '../src/widgets';
import { compressAnswers, ReusableJson, reusableJsonAnswer } from '../src/lib/compress';
import { pickEncoding } from '../src/lib/assets';

/** A raw HTTP answer (node:http: fetch would decode the body itself). */
interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    request(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
}

function decode(raw: Raw): Buffer {
  const encoding = raw.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(raw.body);
  if (encoding === 'gzip') return gunzipSync(raw.body);
  expect(encoding).toBeUndefined();
  return raw.body;
}

async function listen(fetch: (req: Request) => Response | Promise<Response>) {
  const server = serve({ fetch, port: 0, hostname: '127.0.0.1' });
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('pickEncoding', () => {
  it('follows the client’s preferences and q-values, brotli before gzip on a tie', () => {
    const both = ['br', 'gzip', 'identity'] as const;
    expect(pickEncoding('gzip, deflate, br, zstd', [...both])).toBe('br');
    expect(pickEncoding('gzip', [...both])).toBe('gzip');
    expect(pickEncoding('br;q=0.5, gzip', [...both])).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0', [...both])).toBe('identity');
    expect(pickEncoding(undefined, [...both])).toBe('identity');
    expect(pickEncoding('*', [...both])).toBe('br');
    expect(pickEncoding('br', ['identity'])).toBe('identity');
  });
});

describe('static assets: precompressed, negotiated, cached', () => {
  it('the same bytes after decoding in every encoding; hashed assets immutable; index.html and widget entries revalidated by ETag', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'parley-assets-'));
    await writeFile(
      join(dir, 'index.html'),
      `<!doctype html><title>Parley</title>${'<p>x</p>'.repeat(300)}`,
    );
    await writeFile(join(dir, 'login.html'), '<!doctype html><title>Parley</title><p>login page');
    await mkdir(join(dir, 'assets'));
    const script = `export const words = ${JSON.stringify(Array.from({ length: 500 }, (_, i) => `word${i}`))};`;
    await writeFile(join(dir, 'assets', 'app-1a2b3c.js'), script);
    await writeFile(join(dir, 'chat.js'), `window.ParleyChat=${JSON.stringify('x'.repeat(5000))}`);
    const app = new Hono();
    serveWidgets(app, { 'chat.js': join(dir, 'chat.js') });
    serveConsole(app, dir);
    const http = await listen(app.fetch);
    try {
      const plain = await get(http.url, '/assets/app-1a2b3c.js', { 'Accept-Encoding': 'identity' });
      const br = await get(http.url, '/assets/app-1a2b3c.js', {
        'Accept-Encoding': 'gzip, deflate, br',
      });
      const gz = await get(http.url, '/assets/app-1a2b3c.js', { 'Accept-Encoding': 'gzip' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(br.headers['content-encoding']).toBe('br');
      expect(gz.headers['content-encoding']).toBe('gzip');
      for (const res of [plain, br, gz]) {
        expect(decode(res).toString()).toBe(script);
        expect(res.headers['vary']).toBe('Accept-Encoding');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.headers['content-type']).toContain('javascript');
      }
      expect(br.body.length).toBeLessThan(script.length / 3);

      // index.html (also as the SPA fallback of a deep link): revalidated, 304 by ETag.
      for (const path of ['/', '/account']) {
        const page = await get(http.url, path, { 'Accept-Encoding': 'br' });
        expect(page.headers['cache-control']).toBe('no-cache');
        expect(decode(page).toString()).toContain('<title>Parley</title>');
        const etag = page.headers['etag'] as string;
        expect(etag).toMatch(/^"/);
        const again = await get(http.url, path, { 'Accept-Encoding': 'br', 'If-None-Match': etag });
        expect(again.status).toBe(304);
        expect(again.body.length).toBe(0);
      }

      // A route with a page of its own (its chunks preloaded) gets it; other routes index.html.
      const login = await get(http.url, '/login', { 'Accept-Encoding': 'identity' });
      expect(login.headers['cache-control']).toBe('no-cache');
      expect(login.body.toString()).toContain('login page');
      const account = await get(http.url, '/account', { 'Accept-Encoding': 'identity' });
      expect(account.body.toString()).not.toContain('login page');

      // The widget's entry script: compressed, cross-origin, revalidated by ETag.
      const widget = await get(http.url, '/widget/chat.js', { 'Accept-Encoding': 'gzip' });
      expect(widget.headers['content-encoding']).toBe('gzip');
      expect(widget.headers['cache-control']).toBe('public, no-cache');
      expect(widget.headers['access-control-allow-origin']).toBe('*');
      expect(decode(widget).toString()).toBe(
        `window.ParleyChat=${JSON.stringify('x'.repeat(5000))}`,
      );
      const cached = await get(http.url, '/widget/chat.js', {
        'Accept-Encoding': 'identity',
        'If-None-Match': widget.headers['etag'] as string,
      });
      expect(cached.status).toBe(304);
    } finally {
      await http.close();
    }
  });
});

describe('answers compressed on the fly', () => {
  it('JSON over 1 KB is compressed (same JSON after decoding), smaller JSON is not', async () => {
    const app = new Hono();
    app.use('*', compressAnswers());
    const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `agent ${i}` })) };
    app.get('/big', (c) => c.json(big));
    app.get('/small', (c) => c.json({ ok: true }));
    const http = await listen(app.fetch);
    try {
      for (const encoding of ['br', 'gzip']) {
        const res = await get(http.url, '/big', { 'Accept-Encoding': encoding });
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers['vary']).toContain('Accept-Encoding');
        expect(JSON.parse(decode(res).toString())).toEqual(big);
      }
      const plain = await get(http.url, '/big');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(plain.body.toString())).toEqual(big);
      const small = await get(http.url, '/small', { 'Accept-Encoding': 'br' });
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(small.body.toString())).toEqual({ ok: true });
    } finally {
      await http.close();
    }
  });

  it('a reusable JSON answer (a cached list): same JSON in every encoding, each encoded once', async () => {
    const app = new Hono();
    app.use('*', compressAnswers());
    const big = { agents: Array.from({ length: 100 }, (_, i) => ({ id: i, name: `agent ${i}` })) };
    const json = new ReusableJson(JSON.stringify(big));
    const small = new ReusableJson('{"agents":[]}');
    app.get('/list', (c) => reusableJsonAnswer(c, json));
    app.get('/empty', (c) => reusableJsonAnswer(c, small));
    const http = await listen(app.fetch);
    try {
      for (const encoding of ['br', 'gzip', 'br']) {
        const res = await get(http.url, '/list', { 'Accept-Encoding': encoding });
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers['vary']).toBe('Accept-Encoding');
        expect(res.headers['content-type']).toBe('application/json');
        expect(JSON.parse(decode(res).toString())).toEqual(big);
      }
      expect(await json.encodedAs('br')).toBe(await json.encodedAs('br'));
      const plain = await get(http.url, '/list');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(plain.body.toString())).toEqual(big);
      const tiny = await get(http.url, '/empty', { 'Accept-Encoding': 'br' });
      expect(tiny.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(tiny.body.toString())).toEqual({ agents: [] });
    } finally {
      await http.close();
    }
  });

  it('server-sent events pass through the compression layer event by event, never buffered', async () => {
    let release: () => void = () => {};
    const secondMayGo = new Promise<void>((resolve) => (release = resolve));
    const app = new Hono();
    app.use('*', compressAnswers());
    app.get('/events', (c) =>
      streamSSE(c, async (stream) => {
        await stream.writeSSE({ data: JSON.stringify({ event: 'message', answer: 'one' }) });
        // The second event waits until the client has read the first one.
        await secondMayGo;
        await stream.writeSSE({ data: JSON.stringify({ event: 'message_end' }) });
      }),
    );
    const http = await listen(app.fetch);
    try {
      const res = await fetch(`${http.url}/events`, {
        headers: { 'Accept-Encoding': 'br, gzip' },
      });
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      expect(res.headers.get('content-encoding')).toBeNull();
      const reader = res.body!.getReader();
      const first = new TextDecoder().decode((await reader.read()).value);
      expect(first).toContain('"answer":"one"');
      expect(first).not.toContain('message_end');
      release();
      let rest = '';
      for (let r = await reader.read(); !r.done; r = await reader.read())
        rest += new TextDecoder().decode(r.value);
      expect(rest).toContain('message_end');
    } finally {
      release();
      await http.close();
    }
  });
});
