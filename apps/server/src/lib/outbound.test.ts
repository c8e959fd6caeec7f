import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { allowHostsFrom, checkOutboundUrl, guardedFetch, OutboundError } from './outbound';

let server: Server;
let port = 0;
const seen: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    if (req.url === '/to-localhost') {
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

describe('guardedFetch', () => {
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
