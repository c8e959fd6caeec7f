import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';

export class CrawlError extends Error {}

export const crawlLimits = {
  maxBytes: 2 * 1024 * 1024,
  maxRedirects: 5,
  timeoutMs: 10_000,
} as const;

/** Only globally routable unicast addresses; loopback, private, link-local (incl. cloud metadata), CGNAT, reserved… are refused. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress())
    ip = (ip as ipaddr.IPv6).toIPv4Address();
  return ip.range() === 'unicast';
}

/** Resolves names at connect time and refuses non-public addresses (no DNS-rebinding window). */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as LookupAddress[];
    const bad = list.find((a) => !isPublicAddress(a.address));
    if (bad || list.length === 0) {
      return callback(new CrawlError(`The address of ${hostname} is not a public address`), '', 0);
    }
    if ((options as { all?: boolean }).all)
      return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

function checkUrl(raw: string, allowHost: (host: string) => boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CrawlError('The URL is not valid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new CrawlError('Only http and https URLs can be imported');
  if (url.username || url.password)
    throw new CrawlError('URLs with credentials cannot be imported');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // The WHATWG parser already turns decimal/hex/short IPv4 notations into dotted form.
  if (isIP(host) && !isPublicAddress(host) && !allowHost(host))
    throw new CrawlError(`${host} is not a public address`);
  return url;
}

function request(
  url: URL,
  allowHost: (host: string) => boolean,
): Promise<{ status: number; location?: string; type: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const mod = url.protocol === 'https:' ? https : http;
    const req = mod.request(
      url,
      {
        method: 'GET',
        headers: {
          'User-Agent': 'ParleyBot/1.0 (+knowledge import)',
          Accept: 'text/html,text/plain;q=0.9,*/*;q=0.1',
        },
        lookup: allowHost(url.hostname) ? undefined : guardedLookup,
        timeout: crawlLimits.timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > crawlLimits.maxBytes) {
            req.destroy(new CrawlError('The page is larger than the 2 MB limit'));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location,
            type: String(res.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new CrawlError('The page took too long to answer')));
    req.on('error', (err) => reject(err instanceof CrawlError ? err : new CrawlError(err.message)));
    req.end();
  });
}

/** HTML → the page's main text (Readability), with its title. */
export function htmlToText(html: string, url: string): { title: string; text: string } {
  const { document } = parseHTML(html);
  const article = new Readability(document as unknown as Document, { charThreshold: 0 }).parse();
  const title = article?.title?.trim() || document.title?.trim() || new URL(url).hostname;
  const text = (article?.textContent ?? document.body?.textContent ?? '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { title, text };
}

/**
 * Fetches a public web page for import: http(s) only, public addresses only (checked at connect
 * time and after every redirect), at most 2 MB, HTML reduced to its main text.
 */
export async function crawl(
  raw: string,
  options: { allowHost?: (hostname: string) => boolean } = {},
): Promise<{ url: string; title: string; text: string }> {
  const allowHost = options.allowHost ?? (() => false);
  let url = checkUrl(raw, allowHost);
  for (let hop = 0; hop <= crawlLimits.maxRedirects; hop++) {
    const res = await request(url, allowHost);
    if (res.status >= 300 && res.status < 400 && res.location) {
      url = checkUrl(new URL(res.location, url).toString(), allowHost);
      continue;
    }
    if (res.status < 200 || res.status >= 300)
      throw new CrawlError(`The page answered HTTP ${res.status}`);
    const type = res.type.toLowerCase();
    const body = res.body.toString('utf8');
    if (type.includes('text/html') || type.includes('application/xhtml'))
      return { url: url.toString(), ...htmlToText(body, url.toString()) };
    if (type.startsWith('text/plain') || type.startsWith('text/markdown'))
      return {
        url: url.toString(),
        title: url.pathname.split('/').pop() || url.hostname,
        text: body,
      };
    throw new CrawlError(`Unsupported content type: ${type || 'unknown'}`);
  }
  throw new CrawlError('Too many redirects');
}
