import type { IntegrationVoice } from '@parley/api-client';
import { guardedFetch, readCappedBody, type FetchFn } from '../lib/outbound';

/**
 * The voice and model providers' keys (OpenAI, ElevenLabs, Cartesia, Deepgram): how a key is
 * checked against the provider's own API, and how a provider's voices are listed with it.
 * The hosts are fixed provider hosts (overridable only by the server's env, for tests); a
 * tenant never chooses where these calls go.
 */
export type Env = Record<string, string | undefined>;
export type TestOutcome = { ok: boolean; message: string };

interface ProviderApi {
  label: string;
  baseEnv: string;
  defaultBase: string;
  testPath: string;
  headers: (key: string) => Record<string, string>;
  voicesPath?: string;
  parseVoices?: (body: unknown) => IntegrationVoice[];
}

export const CARTESIA_VERSION = '2025-04-16';
const TIMEOUT_MS = 10_000;
const MAX_BYTES = 2_000_000;

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' ? (v as Record<string, unknown>) : {};

export const voiceProviderApis: Record<string, ProviderApi> = {
  openai: {
    label: 'OpenAI',
    baseEnv: 'OPENAI_BASE_URL',
    defaultBase: 'https://api.openai.com/v1',
    testPath: '/models',
    headers: (key) => ({ Authorization: `Bearer ${key}` }),
  },
  elevenlabs: {
    label: 'ElevenLabs',
    baseEnv: 'ELEVENLABS_BASE_URL',
    defaultBase: 'https://api.elevenlabs.io',
    testPath: '/v1/voices',
    headers: (key) => ({ 'xi-api-key': key }),
    voicesPath: '/v1/voices',
    parseVoices: (body) =>
      (Array.isArray(obj(body).voices) ? (obj(body).voices as unknown[]) : []).flatMap((raw) => {
        const v = obj(raw);
        const id = str(v.voice_id);
        if (!id) return [];
        const labels = obj(v.labels);
        const description =
          str(v.description) ??
          (Object.values(labels)
            .filter((x) => typeof x === 'string')
            .join(', ') ||
            null);
        return [
          {
            id,
            name: str(v.name) ?? id,
            language: str(labels.language) ?? null,
            description,
            preview_url: str(v.preview_url),
          },
        ];
      }),
  },
  cartesia: {
    label: 'Cartesia',
    baseEnv: 'CARTESIA_BASE_URL',
    defaultBase: 'https://api.cartesia.ai',
    testPath: '/voices?limit=1',
    headers: (key) => ({ Authorization: `Bearer ${key}`, 'Cartesia-Version': CARTESIA_VERSION }),
    voicesPath: '/voices?limit=100',
    parseVoices: (body) => {
      // 2025-04-16 answers a page ({ data, has_more }); older versions a bare array.
      const list = Array.isArray(body) ? body : obj(body).data;
      return (Array.isArray(list) ? list : []).flatMap((raw) => {
        const v = obj(raw);
        const id = str(v.id);
        if (!id) return [];
        return [
          {
            id,
            name: str(v.name) ?? id,
            language: str(v.language),
            description: str(v.description),
            preview_url: str(v.preview_file_url),
          },
        ];
      });
    },
  },
  deepgram: {
    label: 'Deepgram',
    baseEnv: 'DEEPGRAM_BASE_URL',
    defaultBase: 'https://api.deepgram.com',
    testPath: '/v1/projects',
    headers: (key) => ({ Authorization: `Token ${key}` }),
  },
};

export const voiceProviderNames = Object.keys(voiceProviderApis);
export const providersWithVoices = voiceProviderNames.filter(
  (p) => voiceProviderApis[p]!.voicesPath,
);

const baseUrl = (api: ProviderApi, env: Env) =>
  (env[api.baseEnv] || api.defaultBase).replace(/\/+$/, '');

/**
 * One guarded fetch per provider host: only that host may be reached although it is not public
 * (the operator's own `*_BASE_URL`, e.g. a local gateway); any other address must be public,
 * checked at connect time, and no redirect is followed.
 */
const providerFetches = new Map<string, FetchFn>();
function providerFetch(base: string): FetchFn {
  const host = new URL(base).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  let f = providerFetches.get(host);
  if (!f) {
    f = guardedFetch({ allowHost: (h) => h === host, maxRedirects: 0 });
    providerFetches.set(host, f);
  }
  return f;
}

/** The provider's own words from an error body (OpenAI, ElevenLabs, Cartesia, Deepgram shapes). */
export function providerErrorText(body: unknown): string | null {
  if (typeof body === 'string') return body.trim().slice(0, 300) || null;
  const b = obj(body);
  const error = b.error;
  const detail = b.detail;
  return (
    str(obj(error).message) ??
    str(error) ??
    str(obj(detail).message) ??
    str(detail) ??
    str(b.err_msg) ??
    str(b.message) ??
    null
  );
}

/** A failed answer in plain words, naming the provider. */
export function failureMessage(label: string, status: number, body: unknown): string {
  const said = providerErrorText(body);
  const why =
    status === 401 || status === 403
      ? `${label} rejected the API key (${status})`
      : status === 429
        ? `${label} is rate limiting this key (429)`
        : `${label} answered ${status}`;
  return said ? `${why}: ${said}` : why;
}

/** The system's code for a failed connection (ECONNREFUSED, ENOTFOUND …), else the message. */
function networkCode(error: unknown): string {
  const cause = obj(obj(error).cause);
  const first = Array.isArray(cause.errors) ? obj(cause.errors[0]) : {};
  return (
    str(cause.code) ??
    str(first.code) ??
    str(cause.message) ??
    (error instanceof Error ? error.message : String(error))
  );
}

type Call = { ok: true; body: unknown } | { ok: false; message: string };

/**
 * Calls a provider's fixed API host (or the operator's own `*_BASE_URL` from the server
 * environment) through the outbound guard (providerFetch): bounded in time (TIMEOUT_MS) and
 * size, redirects refused, only the tenant's own key sent.
 */
async function callProvider(api: ProviderApi, path: string, key: string, env: Env): Promise<Call> {
  let res: Response;
  try {
    const base = baseUrl(api, env);
    res = await providerFetch(base)(`${base}${path}`, {
      headers: { Accept: 'application/json', ...api.headers(key) },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const why =
      error instanceof Error && error.name === 'TimeoutError'
        ? `no answer within ${TIMEOUT_MS / 1000} s`
        : networkCode(error);
    return { ok: false, message: `Could not reach ${api.label}: ${why}` };
  }
  // Bounded by what really arrives, not by Content-Length (a chunked answer has none).
  const bytes = await readCappedBody(res, MAX_BYTES);
  if (!bytes) return { ok: false, message: `${api.label} answered more than ${MAX_BYTES} bytes` };
  const text = bytes.toString('utf8');
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* keep text */
  }
  if (!res.ok) return { ok: false, message: failureMessage(api.label, res.status, body) };
  return { ok: true, body };
}

/** 'Test': one authenticated read on the provider's API with the key. */
export async function testProviderKey(
  provider: string,
  key: string,
  env: Env,
): Promise<TestOutcome> {
  const api = voiceProviderApis[provider];
  if (!api) return { ok: false, message: `No test is available for ${provider} yet` };
  const result = await callProvider(api, api.testPath, key, env);
  return result.ok
    ? { ok: true, message: `${api.label} key is working` }
    : { ok: false, message: result.message };
}

/** The provider's voices, fetched with the key; a failure answers the provider's words. */
export async function listProviderVoices(
  provider: string,
  key: string,
  env: Env,
): Promise<{ ok: true; voices: IntegrationVoice[] } | { ok: false; message: string }> {
  const api = voiceProviderApis[provider];
  if (!api?.voicesPath || !api.parseVoices) {
    return { ok: false, message: `${provider} has no voices to list` };
  }
  const result = await callProvider(api, api.voicesPath, key, env);
  if (!result.ok) return result;
  return { ok: true, voices: api.parseVoices(result.body) };
}

/** The store's rules for each provider: the 'Test' above (the `api_key` format is the contract's). */
export function voiceProviderRules() {
  return voiceProviderNames.map((provider) => ({
    provider,
    rules: {
      test: (credentials: Record<string, string>, env: Env) =>
        testProviderKey(provider, credentials.api_key!, env),
    },
  }));
}
