import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { structuredText } from './htmlStructure';
import {
  allowNoHost,
  checkOutboundUrl,
  guardedFetch,
  isPublicAddress,
  OutboundError,
  readCappedBody,
  type AllowHost,
} from '../lib/outbound';

export { isPublicAddress };

export class CrawlError extends Error {}

export const crawlLimits = {
  maxBytes: 2 * 1024 * 1024,
  maxRedirects: 5,
  /** The whole download: connecting, redirects, headers and the body. */
  timeoutMs: 10_000,
} as const;

const crawlMessage = (error: unknown): string => {
  if (error instanceof OutboundError)
    return error.message
      .replace(' are allowed', ' can be imported')
      .replace(' are not allowed', ' cannot be imported');
  return (error as Error).message;
};

/** Why a page could not be loaded, in a user's words (not Node's 'fetch failed'). */
export function unreachableMessage(host: string, error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code ?? (error as { code?: string }).code ?? '';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA')
    return `The site ${host} was not found. Check the address`;
  if (code === 'ECONNREFUSED') return `${host} refused the connection`;
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET')
    return `${host} closed the connection before answering`;
  if (/CERT|SSL|TLS/i.test(code) || /certificate/i.test(cause?.message ?? ''))
    return `${host} has no valid security certificate`;
  return `${host} could not be reached`;
}

function checkUrl(raw: string, allowHost: AllowHost): URL {
  try {
    return checkOutboundUrl(raw, allowHost);
  } catch (error) {
    throw new CrawlError(crawlMessage(error));
  }
}

/** Reads a body up to `maxBytes` within the download's time, or fails saying which. */
async function readCapped(res: Response, signal: AbortSignal): Promise<Buffer> {
  let body: Buffer | null;
  try {
    body = await readCappedBody(res, crawlLimits.maxBytes, signal);
  } catch (error) {
    if (signal.aborted) throw new CrawlError('The page took too long to answer');
    throw error;
  }
  if (!body) throw new CrawlError('The page is larger than the 2 MB limit');
  return body;
}

/**
 * HTML → the page's main content (Readability) as structured text — headings, code blocks, lists
 * and tables kept as markdown marks for the chunker (`structuredText`) — with its title.
 */
export function htmlToText(html: string, url: string): { title: string; text: string } {
  const { document } = parseHTML(html);
  const title = document.title?.trim();
  const article = new Readability(document as unknown as Document, { charThreshold: 0 }).parse();
  const text = structuredText(article?.content ?? document.body?.innerHTML ?? '');
  return { title: article?.title?.trim() || title || new URL(url).hostname, text };
}

/**
 * Fetches a public web page for import: http(s) only, public addresses only (checked at connect
 * time and after every redirect), at most 2 MB, HTML reduced to its main text.
 */
export async function crawl(
  raw: string,
  options: { allowHost?: AllowHost; timeoutMs?: number } = {},
): Promise<{ url: string; title: string; text: string }> {
  const allowHost = options.allowHost ?? allowNoHost;
  const url = checkUrl(raw, allowHost);
  const signal = AbortSignal.timeout(options.timeoutMs ?? crawlLimits.timeoutMs);
  const fetchGuarded = guardedFetch({ allowHost, maxRedirects: crawlLimits.maxRedirects });
  let res: Response;
  let body: Buffer;
  try {
    res = await fetchGuarded(url, {
      headers: {
        'User-Agent': 'ParleyBot/1.0 (+knowledge import)',
        Accept: 'text/html,text/plain;q=0.9,*/*;q=0.1',
      },
      signal,
    });
    body = await readCapped(res, signal);
  } catch (error) {
    if (error instanceof CrawlError) throw error;
    if (signal.aborted) throw new CrawlError('The page took too long to answer');
    const cause = (error as { cause?: unknown }).cause;
    if (error instanceof OutboundError || cause instanceof OutboundError)
      throw new CrawlError(crawlMessage(cause instanceof OutboundError ? cause : error));
    throw new CrawlError(unreachableMessage(url.hostname, error));
  }
  const finalUrl = res.url || url.toString();
  if (res.status < 200 || res.status >= 300)
    throw new CrawlError(`The page answered HTTP ${res.status}`);
  const type = (res.headers.get('content-type') ?? '').toLowerCase();
  const text = body.toString('utf8');
  if (type.includes('text/html') || type.includes('application/xhtml'))
    return { url: finalUrl, ...htmlToText(text, finalUrl) };
  if (type.startsWith('text/plain') || type.startsWith('text/markdown')) {
    const u = new URL(finalUrl);
    return { url: finalUrl, title: u.pathname.split('/').pop() || u.hostname, text };
  }
  throw new CrawlError(`Unsupported content type: ${type || 'unknown'}`);
}
