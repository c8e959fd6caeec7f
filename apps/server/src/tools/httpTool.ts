import { toolMaxAnswerBytes, toolMaxTimeoutMs } from '@parley/api-client';
import {
  allowHostsFrom,
  checkOutboundUrl,
  guardedAgent,
  OutboundError,
  readCappedBody,
  requestFetch,
  type FetchFn,
} from '../lib/outbound';

/** A tool failed: the model is told `message` (it can explain it); the turn goes on. */
export class ToolError extends Error {}

const fetches = new Map<string, FetchFn>();

/** One guarded connection pool per allow-list (PARLEY_TOOL_ALLOW_HOSTS). */
function toolFetch(allowList: string | undefined): FetchFn {
  const key = allowList ?? '';
  let f = fetches.get(key);
  if (!f) {
    f = requestFetch(
      guardedAgent({
        allowHost: allowHostsFrom(allowList),
        connectTimeoutMs: toolMaxTimeoutMs,
        headersTimeoutMs: toolMaxTimeoutMs,
        bodyTimeoutMs: toolMaxTimeoutMs,
      }),
    );
    fetches.set(key, f);
  }
  return f;
}

export interface HttpToolSpec {
  method: string;
  url: string;
  timeoutMs: number;
  /** Header values in the clear (the tool's secrets). */
  headers: Record<string, string>;
}

/** Same-origin redirects followed at most (a redirect to another origin is never followed). */
const maxRedirects = 3;

function queryValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Calls an HTTP tool: the arguments as a JSON body (as query parameters for GET and DELETE),
 * the tool's headers, the outbound guard at connect time (public addresses only, unless
 * PARLEY_TOOL_ALLOW_HOSTS lists the host), the tool's time limit (10 s at most) for the whole
 * call, an answer of 1 MB at most, and no redirect to another origin (the headers are secrets).
 * The answer is what the model sees: parsed JSON, else the text.
 */
export async function callHttpTool(
  spec: HttpToolSpec,
  args: unknown,
  options: { env: Record<string, string | undefined>; signal?: AbortSignal },
): Promise<unknown> {
  const timeoutMs = Math.min(spec.timeoutMs || toolMaxTimeoutMs, toolMaxTimeoutMs);
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const allowHost = allowHostsFrom(options.env.PARLEY_TOOL_ALLOW_HOSTS);
  const method = spec.method.toUpperCase();
  const bodyless = method === 'GET' || method === 'DELETE';
  let url: URL;
  try {
    url = checkOutboundUrl(spec.url, allowHost);
  } catch (error) {
    throw new ToolError(`The tool's address is refused: ${(error as Error).message}`);
  }
  if (bodyless && args && typeof args === 'object')
    for (const [k, v] of Object.entries(args as Record<string, unknown>))
      if (v !== undefined && v !== null) url.searchParams.set(k, queryValue(v));
  const headers: Record<string, string> = {
    accept: 'application/json, text/plain;q=0.9, */*;q=0.5',
    'user-agent': 'Parley-Tool/1',
    ...spec.headers,
  };
  if (!bodyless) headers['content-type'] = 'application/json';
  const send = toolFetch(options.env.PARLEY_TOOL_ALLOW_HOSTS);
  try {
    let res: Response;
    for (let hop = 0; ; hop++) {
      res = await send(url, {
        method,
        headers,
        body: bodyless ? undefined : JSON.stringify(args ?? {}),
        signal,
      });
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) break;
      await res.body?.cancel().catch(() => undefined);
      const next = new URL(location, url);
      if (next.origin !== url.origin)
        throw new ToolError(
          `The tool answered with a redirect to ${next.origin}, which is not followed (only its own address is called)`,
        );
      if (hop >= maxRedirects) throw new ToolError('The tool redirected too many times');
      url = checkOutboundUrl(next.toString(), allowHost);
    }
    const body = await readCappedBody(res, toolMaxAnswerBytes, signal);
    if (body === null)
      throw new ToolError(`The tool's answer is larger than ${toolMaxAnswerBytes / 1_000_000} MB`);
    const text = body.toString('utf8');
    if (res.status < 200 || res.status >= 300)
      throw new ToolError(
        `The tool answered HTTP ${res.status}${text.trim() ? `: ${text.trim().slice(0, 500)}` : ''}`,
      );
    const type = (res.headers.get('content-type') ?? '').toLowerCase();
    if (type.includes('json') && text.trim()) {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return text;
      }
    }
    return text;
  } catch (error) {
    if (error instanceof ToolError) throw error;
    if (timeout.aborted)
      throw new ToolError(`The tool did not answer within ${timeoutMs / 1000} s`);
    if (options.signal?.aborted)
      throw new ToolError('The conversation ended before the tool answered');
    const refused = causes(error).find((e) => e instanceof OutboundError);
    if (refused) throw new ToolError(`The tool's address is refused: ${refused.message}`);
    const code = causes(error)
      .map((e) => (e as { code?: unknown }).code)
      .find((c) => typeof c === 'string');
    throw new ToolError(`The tool could not be reached${code ? ` (${String(code)})` : ''}`);
  }
}

/** An error and its causes (undici wraps a connect failure in a TypeError). */
function causes(error: unknown): Error[] {
  const out: Error[] = [];
  for (let e = error; e instanceof Error && out.length < 5; e = e.cause) out.push(e);
  return out;
}
