import {
  checkOutboundUrl,
  guardedAgent,
  OutboundError,
  requestFetch,
  type AllowHost,
  type FetchFn,
} from '../lib/outbound';
import { deliveryLimits } from './config';

/** What one attempt came to: 2xx in time (`ok`), or why not. */
export interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  /** The start of the answer's body (at most 1 KB), as text. */
  response: string | null;
}

const pools = new Map<string, FetchFn>();

/**
 * One guarded connection pool per allow-list (PARLEY_WEBHOOK_ALLOW_HOSTS): every connection goes
 * to a public address (checked on the resolved addresses at connect time) unless the operator
 * listed the host; connections are kept alive between deliveries to the same endpoint.
 */
export function webhookFetch(allowList: string | undefined, allowHost: AllowHost): FetchFn {
  const key = allowList ?? '';
  let f = pools.get(key);
  if (!f) {
    f = requestFetch(
      guardedAgent({
        allowHost,
        connectTimeoutMs: deliveryLimits.timeoutMs,
        headersTimeoutMs: deliveryLimits.timeoutMs,
        bodyTimeoutMs: deliveryLimits.timeoutMs,
      }),
    );
    pools.set(key, f);
  }
  return f;
}

/** Reads at most `max` bytes of the body (the rest is not read); keeps the first `keep`. */
async function readBounded(res: Response, max: number, keep: number): Promise<Buffer> {
  const reader = res.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const kept: Buffer[] = [];
  let size = 0;
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      read += value.byteLength;
      if (size < keep) {
        const part = Buffer.from(value).subarray(0, keep - size);
        kept.push(part);
        size += part.byteLength;
      }
      if (read >= max) break;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(kept);
}

/** Text a PostgreSQL column takes (no NUL), from bytes that may end mid-character. */
const storable = (bytes: Buffer) => bytes.toString('utf8').replaceAll(String.fromCharCode(0), '');

/** Why an attempt failed, in words an owner can act on. */
function failureOf(error: unknown, url: URL): string {
  const e = error as { name?: string; code?: string; cause?: { code?: string; message?: string } };
  if (error instanceof OutboundError) return `Refused: ${error.message}`;
  if (e.cause instanceof OutboundError) return `Refused: ${e.cause.message}`;
  if (e.name === 'TimeoutError' || e.name === 'AbortError')
    return `No answer within ${deliveryLimits.timeoutMs / 1000} s`;
  const code = e.code ?? e.cause?.code;
  if (code === 'ECONNREFUSED') return `Connection refused by ${url.host}`;
  if (code === 'ENOTFOUND') return `The host ${url.hostname} cannot be found`;
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT')
    return `No answer within ${deliveryLimits.timeoutMs / 1000} s`;
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return `Could not connect to ${url.host} in time`;
  const message = (error as Error)?.message || String(error);
  return `Could not deliver: ${code ? `${code} ` : ''}${message}`.slice(0, 500);
}

/**
 * POSTs one signed event: the outbound guard at connect time, no redirect followed (a 3xx is a
 * failure that says where it pointed), 10 s for the whole attempt, at most 64 KB of the answer
 * read and 1 KB of it kept. Never throws: the result says what happened.
 */
export async function postEvent(
  send: FetchFn,
  rawUrl: string,
  allowHost: AllowHost,
  headers: Record<string, string>,
  body: string,
): Promise<AttemptResult> {
  let url: URL;
  try {
    url = checkOutboundUrl(rawUrl, allowHost);
  } catch (error) {
    return {
      ok: false,
      statusCode: null,
      error: `Refused: ${(error as Error).message}`,
      response: null,
    };
  }
  const signal = AbortSignal.timeout(deliveryLimits.timeoutMs);
  try {
    const res = await send(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Parley-Webhooks/1',
        ...headers,
      },
      body,
      signal,
    });
    const kept = await readBounded(
      res,
      deliveryLimits.maxResponseBytes,
      deliveryLimits.keptResponseBytes,
    );
    const response = kept.length ? storable(kept) : null;
    if (res.status >= 200 && res.status < 300)
      return { ok: true, statusCode: res.status, error: null, response };
    const location = res.headers.get('location');
    const error =
      res.status >= 300 && res.status < 400
        ? `The endpoint answered with a redirect (HTTP ${res.status}${location ? ` to ${location.slice(0, 200)}` : ''}), which is not followed`
        : `The endpoint answered HTTP ${res.status}`;
    return { ok: false, statusCode: res.status, error, response };
  } catch (error) {
    return { ok: false, statusCode: null, error: failureOf(error, url), response: null };
  }
}
