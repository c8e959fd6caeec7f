import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { Agent } from 'undici';
import {
  allowHostsFrom,
  checkOutboundUrl,
  checkResolvesPublic,
  guardedFetch as guarded,
  guardedLookup,
  neverResolves,
  OutboundError,
  requestFetch,
} from './outbound';

let server: Server;
let port = 0;
const seen: Array<{ url: string; headers: IncomingHttpHeaders; body: string }> = [];
/** Streams of /endless still open (closed when the client goes away). */
let endless = 0;
beforeAll(async () => {
  server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += String(chunk);
    seen.push({ url: req.url ?? '', headers: req.headers, body });
    if (req.url === '/gzip') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
      res.end(gzipSync('{"compressed":true}'));
    } else if (req.url === '/empty') {
      res.writeHead(204);
      res.end();
    } else if (req.url === '/missing') {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('no such thing');
    } else if (req.url === '/endless') {
      endless++;
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      const timer = setInterval(() => res.write('data: {}\n\n'), 5);
      res.on('close', () => {
        clearInterval(timer);
        endless--;
      });
    } else if (req.url === '/to-localhost') {
      res.writeHead(307, { Location: `http://localhost:${port}/ok` });
      res.end();
    } else if (req.url === '/to-v4compat') {
      res.writeHead(302, { Location: `http://[::127.0.0.1]:${port}/ok` });
      res.end();
    } else if (req.url === '/hop') {
      res.writeHead(302, { Location: '/ok' });
      res.end();
    } else {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end('ok');
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const rootCause = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (error) {
    let e = error as { cause?: unknown };
    while (e.cause && !(e instanceof OutboundError)) e = e.cause as { cause?: unknown };
    return e;
  }
  throw new Error('expected a refusal');
};

describe('names that never resolve (RFC 6761: .invalid)', () => {
  it('are not found at once, without a DNS query; other names are not caught', async () => {
    expect(neverResolves('no-such-site.invalid')).toBe(true);
    expect(neverResolves('INVALID.')).toBe(true);
    expect(neverResolves('invalid.example.com')).toBe(false);
    expect(neverResolves('notinvalid')).toBe(false);
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      guardedLookup(() => false)('shop.invalid', { all: true }, (err) => resolve(err)),
    );
    expect(error?.code).toBe('ENOTFOUND');
  });
});

describe('allow-list', () => {
  it('compares hosts without case, brackets, ports or a trailing dot', () => {
    const allow = allowHostsFrom(' LocalHost , [::1], ollama.lan:11434 ');
    expect(allow('localhost')).toBe(true);
    expect(allow('localhost.')).toBe(true);
    expect(allow('::1')).toBe(true);
    expect(allow('ollama.lan')).toBe(true);
    expect(allow('127.0.0.1')).toBe(false);
    expect(allowHostsFrom(undefined)('localhost')).toBe(false);
  });
  it('IP literals are judged before any connection', () => {
    const none = allowHostsFrom('');
    expect(() => checkOutboundUrl('http://[::127.0.0.1]/', none)).toThrow('not a public address');
    expect(() => checkOutboundUrl('http://0x7f.1/', none)).toThrow('not a public address');
    expect(checkOutboundUrl('https://1.1.1.1/v1', none).host).toBe('1.1.1.1');
  });
});

describe('checkResolvesPublic (a save-time check of where a name points)', () => {
  it('refuses a name that resolves to a private address, unless allow-listed; IP literals pass', async () => {
    const none = allowHostsFrom('');
    const refused = checkResolvesPublic(new URL('http://localhost:1/'), none);
    await expect(refused).rejects.toBeInstanceOf(OutboundError);
    await expect(refused).rejects.toThrow(
      /^localhost resolves to (127\.0\.0\.1|::1), which is not a public address$/,
    );
    await expect(
      checkResolvesPublic(new URL('http://localhost:1/'), allowHostsFrom('localhost')),
    ).resolves.toBeUndefined();
    await expect(checkResolvesPublic(new URL('http://[::1]/'), none)).resolves.toBeUndefined();
  });
});

describe.each([
  ['fetch', false],
  ['request (lean)', true],
])('guardedFetch over %s', (_name, lean) => {
  const guardedFetch = (options: Parameters<typeof guarded>[0]) => guarded({ ...options, lean });
  it('refuses loopback unless allow-listed', async () => {
    const none = guardedFetch({ allowHost: allowHostsFrom('') });
    expect(String(await rootCause(none(`http://127.0.0.1:${port}/ok`)))).toContain(
      '127.0.0.1 is not a public address',
    );
    const allowed = guardedFetch({ allowHost: allowHostsFrom('127.0.0.1') });
    expect(await (await allowed(`http://127.0.0.1:${port}/ok`)).text()).toBe('ok');
  });
  it('checks a name’s addresses at connect time', async () => {
    const none = guardedFetch({ allowHost: allowHostsFrom('') });
    const before = seen.length;
    expect(String(await rootCause(none(`http://localhost:${port}/ok`)))).toContain(
      'The address of localhost is not a public address',
    );
    expect(seen.length).toBe(before);
  });
  it('checks every redirect target and drops credentials across origins', async () => {
    const f = guardedFetch({ allowHost: allowHostsFrom('127.0.0.1') });
    const before = seen.length;
    expect(String(await rootCause(f(`http://127.0.0.1:${port}/to-localhost`)))).toContain(
      'not a public address',
    );
    expect(String(await rootCause(f(`http://127.0.0.1:${port}/to-v4compat`)))).toContain(
      '::7f00:1 is not a public address',
    );
    expect(seen.slice(before).map((s) => s.url)).toEqual(['/to-localhost', '/to-v4compat']);
    const ok = await f(`http://127.0.0.1:${port}/hop`, {
      headers: { Authorization: 'Bearer same-origin' },
    });
    expect(await ok.text()).toBe('ok');
    expect(seen.at(-1)!.headers.authorization).toBe('Bearer same-origin');
  });
});

describe('requestFetch (a model call on undici’s request API)', () => {
  const dispatcher = new Agent();
  afterAll(() => dispatcher.close());
  const f = requestFetch(dispatcher);
  const url = (path: string) => `http://127.0.0.1:${port}${path}`;

  it('sends the method, headers and body; answers status, status text, headers and body', async () => {
    const res = await f(url('/ok'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer k' },
      body: '{"stream":true}',
    });
    expect([res.status, res.ok, res.statusText]).toEqual([200, true, 'OK']);
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect(await res.text()).toBe('ok');
    expect(seen.at(-1)).toMatchObject({ url: '/ok', body: '{"stream":true}' });
    expect(seen.at(-1)!.headers).toMatchObject({
      'content-type': 'application/json',
      authorization: 'Bearer k',
    });
    const missing = await f(url('/missing'));
    expect([missing.status, missing.ok, missing.statusText]).toEqual([404, false, 'Not Found']);
    expect(await missing.text()).toBe('no such thing');
  });

  it('inflates an answer compressed although nothing asked for it; 204 has no body', async () => {
    const res = await f(url('/gzip'));
    expect(seen.at(-1)!.headers['accept-encoding']).toBeUndefined();
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.json()).toEqual({ compressed: true });
    const empty = await f(url('/empty'));
    expect([empty.status, empty.body]).toEqual([204, null]);
  });

  it('returns a redirect as it is (guardedFetch checks and follows it)', async () => {
    const res = await f(url('/hop'));
    expect([res.status, res.headers.get('location')]).toEqual([302, '/ok']);
  });

  it('cancelling the body, or aborting, closes the connection (the server sees it go)', async () => {
    const res = await f(url('/endless'));
    const reader = res.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    expect(endless).toBe(1);
    await reader.cancel();
    await expect.poll(() => endless, { timeout: 5000 }).toBe(0);

    const abort = new AbortController();
    const streaming = await f(url('/endless'), { signal: abort.signal });
    await streaming.body!.getReader().read();
    abort.abort();
    await expect.poll(() => endless, { timeout: 5000 }).toBe(0);
  });
});
