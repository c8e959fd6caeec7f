import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { crawl, crawlLimits, htmlToText, isPublicAddress, unreachableMessage } from './fetchUrl';

let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/page') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(
        '<html><head><title>Hours</title></head><body><nav>Menu</nav><article><h1>Opening hours</h1><p>We are open Monday to Friday, 8 to 18, and closed on Sunday.</p></article><script>evil()</script></body></html>',
      );
    } else if (req.url === '/to-metadata') {
      res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' });
      res.end();
    } else if (req.url === '/huge') {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end('x'.repeat(crawlLimits.maxBytes + 10));
    } else if (req.url === '/drip') {
      // A byte every 100 ms for 3 s: never idle long, but slower than a whole-download limit.
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      let n = 0;
      const timer = setInterval(() => {
        if (++n >= 30 || res.destroyed) {
          clearInterval(timer);
          res.end('.');
        } else res.write('.');
      }, 100);
    } else if (req.url === '/binary') {
      res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
      res.end('MZ');
    } else res.writeHead(404).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fc00::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::127.0.0.1',
    '::7f00:1',
    '::',
    '64:ff9b::7f00:1',
    '2002:7f00:1::1',
    '2001:db8::1',
    'ff02::1',
    'fe80::1%eth0',
  ])('refuses %s', (ip) => expect(isPublicAddress(ip)).toBe(false));
  it.each(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111'])('allows %s', (ip) =>
    expect(isPublicAddress(ip)).toBe(true),
  );
});

describe('crawl (hostile input)', () => {
  it.each([
    'http://127.0.0.1/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://127.1/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::127.0.0.1]/',
    'http://[::7f00:1]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://0177.0.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/',
  ])('refuses %s before connecting', async (url) => {
    await expect(crawl(url)).rejects.toThrow(/not a public address/);
  });
  it('refuses names that resolve to loopback (checked at connect time)', async () => {
    // The test server listens there: only the address check stops the request.
    await expect(crawl(`${base.replace('127.0.0.1', 'localhost')}/page`)).rejects.toThrow(
      /not a public address/,
    );
  });
  it.each(['file:///etc/passwd', 'ftp://example.com/x', 'javascript:alert(1)', 'gopher://x'])(
    'refuses the scheme of %s',
    async (url) => {
      await expect(crawl(url)).rejects.toThrow('Only http and https URLs can be imported');
    },
  );
  it('refuses a redirect to a metadata address, bodies over the limit and non-text types', async () => {
    // The test server is on loopback: only its own host is allowed; the redirect target is still checked.
    const allowHost = (h: string) => h === '127.0.0.1';
    await expect(crawl(`${base}/to-metadata`, { allowHost })).rejects.toThrow(
      '169.254.169.254 is not a public address',
    );
    await expect(crawl(`${base}/huge`, { allowHost })).rejects.toThrow('2 MB');
    await expect(crawl(`${base}/binary`, { allowHost })).rejects.toThrow(
      'Unsupported content type',
    );
  });
  it("says why a page could not be reached, never Node's 'fetch failed'", async () => {
    // A closed port on an allowed host: the connection is refused.
    const gone = createServer().listen(0, '127.0.0.1');
    await once(gone, 'listening');
    const closed = `http://127.0.0.1:${(gone.address() as AddressInfo).port}/page`;
    gone.close();
    await once(gone, 'close');
    await expect(crawl(closed, { allowHost: (h) => h === '127.0.0.1' })).rejects.toThrow(
      '127.0.0.1 refused the connection',
    );
    // A name that cannot resolve (.invalid is reserved for that).
    await expect(crawl('http://no-such-site.invalid/')).rejects.toThrow(
      /^The site no-such-site\.invalid was not found\. Check the address$/,
    );
    expect(unreachableMessage('example.com', new TypeError('fetch failed'))).toBe(
      'example.com could not be reached',
    );
  });
  it('the time limit covers the whole download, not only idle gaps', async () => {
    const started = Date.now();
    await expect(
      crawl(`${base}/drip`, { allowHost: (h) => h === '127.0.0.1', timeoutMs: 800 }),
    ).rejects.toThrow('The page took too long to answer');
    expect(Date.now() - started).toBeLessThan(2500);
  });
  it('reduces an HTML page to its main text and title', async () => {
    const page = await crawl(`${base}/page`, { allowHost: (h) => h === '127.0.0.1' });
    expect(page.title).toBe('Hours');
    expect(page.text).toContain('We are open Monday to Friday');
    expect(page.text).not.toContain('evil()');
  });
  it('htmlToText keeps the structure of the page for the chunker (headings, code, lists)', () => {
    const page = htmlToText(
      '<html><head><title>Guide</title></head><body><nav>Menu</nav><article><h1>Guide</h1>' +
        '<p>How to set the server up, step by step, for a small team.</p>' +
        '<h2>Install</h2><p>Run the installer and keep its defaults.</p><pre># comment\nnpm start</pre>' +
        '<h2>Limits</h2><ul><li><code>max_connections</code> is 100</li><li>one port</li></ul>' +
        '</article></body></html>',
      'http://x.test/',
    );
    expect(page.title).toBe('Guide');
    expect(page.text).toContain('## Install\n\nRun the installer and keep its defaults.');
    expect(page.text).toContain('```\n# comment\nnpm start\n```');
    expect(page.text).toContain('## Limits\n\n-   `max_connections` is 100\n-   one port');
    expect(page.text).not.toContain('Menu');
  });
  it('htmlToText falls back to the body when there is no article', () => {
    expect(
      htmlToText('<html><body><p>Just a line.</p></body></html>', 'http://x.test/').text,
    ).toContain('Just a line.');
  });
});
