import type { z } from 'zod';
import { ApiError, ContractError, errorMessageFor, type ErrorStyle } from './errors';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface HttpOptions {
  /** Base URL of the backend, e.g. '' (same origin), '/api' or 'https://voice.example.com'. */
  baseUrl: string;
  fetch?: FetchLike;
  /** Headers sent with every call (e.g. an organization API key for server-to-server use). */
  headers?: Record<string, string>;
  /** Cookies are sent same-origin by default (the session cookie). */
  credentials?: RequestInit['credentials'];
  errorStyle?: ErrorStyle;
}

export interface RequestOptions<S extends z.ZodType> {
  json?: unknown;
  form?: Record<string, string | number | boolean | null | undefined>;
  body?: FormData;
  query?: Record<string, string | number | boolean | null | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  schema: S;
}

export type Http = <S extends z.ZodType>(
  method: string,
  path: string,
  options: RequestOptions<S>,
) => Promise<z.output<S>>;

function queryString(query: RequestOptions<z.ZodType>['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null) params.set(k, String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** Joins a base URL and a path without doubling or dropping the slash. */
export function joinUrl(baseUrl: string, path: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  if (path === '' || path === '/') return base;
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * One HTTP core for every client: JSON, form or multipart bodies, error texts from the spec's
 * catalogue (by backend style), and answers checked against the contract's schema.
 */
export function createHttp(options: HttpOptions): Http {
  const doFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const style = options.errorStyle ?? 'service';
  return async (method, path, req) => {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      ...options.headers,
      ...req.headers,
    };
    let body: RequestInit['body'];
    if (req.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(req.json);
    } else if (req.form) {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(req.form)) {
        if (v !== undefined && v !== null) params.set(k, String(v));
      }
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = params.toString();
    } else if (req.body) {
      body = req.body;
    }
    const res = await doFetch(joinUrl(options.baseUrl, path) + queryString(req.query), {
      method,
      headers,
      body,
      credentials: options.credentials ?? 'same-origin',
      signal: req.signal,
    });
    const text = await res.text();
    let parsed: unknown = undefined;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    if (!res.ok) {
      throw new ApiError(
        errorMessageFor(style, res.status, res.statusText, parsed, text),
        res.status,
        parsed,
      );
    }
    const result = req.schema.safeParse(parsed ?? {});
    if (!result.success) {
      const first = result.error.issues[0];
      const where = first?.path.length ? first.path.join('.') : 'body';
      throw new ContractError(
        `Unexpected answer from ${path}: ${where}: ${first?.message ?? 'invalid'}`,
      );
    }
    return result.data;
  };
}
