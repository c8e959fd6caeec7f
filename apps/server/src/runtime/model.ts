import type { ProviderModel } from './modelStream';
import { InvalidResponseDataError, JSONParseError, TypeValidationError } from 'ai';
import { createOpenAI } from '@ai-sdk/openai';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createGroq } from '@ai-sdk/groq';
import { createDeepSeek } from '@ai-sdk/deepseek';
import { createXai } from '@ai-sdk/xai';
import { apiModelName, modelProviders } from '@parley/api-client';
import type { Db } from '../db/client';
import { HttpError } from '../lib/http';
import type { SecretBox } from '../lib/secrets';
import { envForOrg } from '../lib/sharedProviders';
import {
  allowHostsFrom,
  checkOutboundUrl,
  guardedFetch,
  checkResolvesPublic,
  OutboundError,
  type AllowHost,
  type FetchFn,
} from '../lib/outbound';

export const providerIds = ['openai', 'anthropic', 'google', 'groq', 'deepseek', 'xai'] as const;
export type ProviderId = (typeof providerIds)[number];

export const providerLabels: Record<ProviderId, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  google: 'Google',
  groq: 'Groq',
  deepseek: 'DeepSeek',
  xai: 'XAI',
};

/** Server-wide fallback keys, by provider. */
export const providerEnvKeys: Record<ProviderId, string> = {
  openai: 'OPENAI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
  google: 'GOOGLE_GENERATIVE_AI_API_KEY',
  groq: 'GROQ_API_KEY',
  deepseek: 'DEEPSEEK_API_KEY',
  xai: 'XAI_API_KEY',
};

/** 'langgenius/openai/openai', 'OpenAI', 'openai' → 'openai'; unknown → 'openai' (the spec's default). */
export function normalizeProvider(value: string | null | undefined): ProviderId {
  const v = (value ?? '').toLowerCase();
  const last = v.split('/').pop() ?? v;
  return (providerIds as readonly string[]).includes(last) ? (last as ProviderId) : 'openai';
}

/** A display name ('GPT-4o Mini') or an API name ('gpt-4o-mini') → the API model name. */
export function normalizeModelName(provider: ProviderId, value: string | null | undefined): string {
  const fallback: Record<ProviderId, string> = {
    openai: 'gpt-4o',
    anthropic: 'claude-sonnet-4',
    google: 'gemini-1.5-pro',
    groq: 'llama-3.1-70b',
    deepseek: 'deepseek-chat',
    xai: 'grok-2',
  };
  if (!value) return fallback[provider];
  const display = Object.values(modelProviders).flat() as string[];
  return display.includes(value) ? apiModelName(value) : value;
}

export interface ModelChoice {
  provider: ProviderId;
  modelName: string;
  /** The key sent with the call: for a model_live_url only the agent's own (never a server-wide key). */
  apiKey: string | null;
  /** An OpenAI-compatible base URL (the spec's model_live_url), without query or fragment. */
  baseUrl: string | null;
  /** The provider's own API base URL from `{PROVIDER}_BASE_URL` (gateways, proxies, tests). */
  providerBaseUrl?: string;
}

/**
 * model_live_url is a base URL: the paths we call are appended to it, so a query string or a
 * fragment (which would swallow them) is dropped. Invalid → null.
 */
export function modelBaseUrl(value: string | null | undefined): string | null {
  const raw = value?.trim();
  if (!raw) return null;
  try {
    const url = new URL(raw);
    url.search = '';
    url.hash = '';
    return url.toString().replace(/\/+$/, '');
  } catch {
    return null;
  }
}

/**
 * Picks the key. A server-wide key (OPENAI_API_KEY …) only ever goes to its provider's own base
 * URL; an agent with a model_live_url sends its own key or none.
 */
export function chooseModel(
  agent: { modelProvider: string | null; modelName: string | null; modelLiveUrl: string | null },
  agentKey: string | null,
  env: Record<string, string | undefined>,
): ModelChoice {
  const provider = normalizeProvider(agent.modelProvider);
  const baseUrl = modelBaseUrl(agent.modelLiveUrl);
  return {
    provider,
    modelName: normalizeModelName(provider, agent.modelName),
    apiKey: baseUrl ? agentKey || null : agentKey || env[providerEnvKeys[provider]] || null,
    baseUrl,
    providerBaseUrl: env[`${provider.toUpperCase()}_BASE_URL`] || undefined,
  };
}

/**
 * The model an agent's answers come from: its own key, else a server-wide one, which serves only
 * the organizations the shared provider resources serve. A stored key that cannot be decrypted
 * (PARLEY_SECRET changed) counts as none; `unreadable` hears of it.
 */
export async function agentModelChoice(
  deps: { db: Db; secrets: SecretBox; env: Record<string, string | undefined> },
  agent: Parameters<typeof chooseModel>[0] & { modelApiKey: string | null; organizationId: string },
  unreadable?: () => void,
): Promise<ModelChoice> {
  let agentKey: string | null = null;
  try {
    agentKey = agent.modelApiKey ? deps.secrets.decrypt(agent.modelApiKey) : null;
  } catch {
    unreadable?.();
  }
  const env = agentKey ? deps.env : await envForOrg(deps.db, deps.env, agent.organizationId);
  return chooseModel(agent, agentKey, env);
}

/** The model endpoint answered something that is not the OpenAI wire format. */
export class ModelAnswerError extends Error {}

/** Hosts an agent's model_live_url may reach although they are not public (PARLEY_MODEL_ALLOW_HOSTS). */
export function modelAllowHosts(env: Record<string, string | undefined>): AllowHost {
  return allowHostsFrom(env.PARLEY_MODEL_ALLOW_HOSTS);
}

const liveFetches = new Map<string, FetchFn>();

/** One guarded connection pool per allow-list (connections are reused across calls). */
function guardedModelFetch(allowList: string | undefined): FetchFn {
  const key = allowList ?? '';
  let f = liveFetches.get(key);
  if (!f) {
    f = guardedFetch({
      allowHost: allowHostsFrom(allowList),
      connectTimeoutMs: 10_000,
      headersTimeoutMs: 120_000,
      bodyTimeoutMs: 120_000,
      lean: true,
    });
    liveFetches.set(key, f);
  }
  return f;
}

/**
 * The fetch for a tenant's model_live_url: the outbound address policy at connect time and after
 * redirects, no Authorization header without the agent's own key, and an answer that is not the
 * OpenAI wire format (an HTML page, a JSON body to a streaming call…) is an error, not silence.
 */
export function modelLiveFetch(
  env: Record<string, string | undefined>,
  options: { sendKey: boolean },
): FetchFn {
  const base = guardedModelFetch(env.PARLEY_MODEL_ALLOW_HOSTS);
  return async (input, init = {}) => {
    const headers = new Headers(init.headers);
    if (!options.sendKey) headers.delete('authorization');
    const res = await base(input, { ...init, headers });
    if (!res.ok) return res;
    const type = (res.headers.get('content-type') ?? '').toLowerCase();
    const streaming = typeof init.body === 'string' && /"stream"\s*:\s*true/.test(init.body);
    const expected = streaming ? 'text/event-stream' : 'json';
    if (!type.includes(expected)) {
      await res.body?.cancel().catch(() => undefined);
      throw new ModelAnswerError(
        `the model at model_live_url did not answer in the OpenAI format (it sent ${type.split(';')[0] || 'no content type'})`,
      );
    }
    return res;
  };
}

/** The AI SDK model for a choice, or null when nothing can be called (the offline responder answers). */
export function languageModelFor(
  choice: ModelChoice,
  env: Record<string, string | undefined> = {},
): ProviderModel | null {
  if (choice.baseUrl) {
    // Any OpenAI-compatible endpoint (local servers may need no key): never a server-wide key.
    return createOpenAI({
      baseURL: choice.baseUrl,
      apiKey: choice.apiKey ?? 'no-key',
      fetch: modelLiveFetch(env, { sendKey: Boolean(choice.apiKey) }) as typeof fetch,
    }).chat(choice.modelName);
  }
  if (!choice.apiKey) return null;
  const settings = { apiKey: choice.apiKey, baseURL: choice.providerBaseUrl };
  switch (choice.provider) {
    case 'openai':
      return createOpenAI(settings).chat(choice.modelName);
    case 'anthropic':
      return createAnthropic(settings)(choice.modelName);
    case 'google':
      return createGoogleGenerativeAI(settings)(choice.modelName);
    case 'groq':
      return createGroq(settings)(choice.modelName);
    case 'deepseek':
      return createDeepSeek(settings)(choice.modelName);
    case 'xai':
      return createXai(settings)(choice.modelName);
  }
}

const refuse = (message: string) =>
  new HttpError(400, `model_live_url: ${message}`, {
    issues: [{ field: 'model_live_url', message }],
  });

/**
 * Save-time check of an agent's model_live_url: an http(s) base URL without credentials, query or
 * fragment, whose host is public (every address it resolves to) or allow-listed by the operator
 * (PARLEY_MODEL_ALLOW_HOSTS). '' clears it. Returns the value to store.
 */
export async function checkModelLiveUrl(
  value: string,
  env: Record<string, string | undefined>,
): Promise<string | null> {
  const raw = value.trim();
  if (!raw) return null;
  const allowHost = modelAllowHosts(env);
  const refuseOutbound = (error: unknown) => {
    const reason = (error as Error).message;
    return refuse(
      reason.endsWith('is not a public address')
        ? `${reason}; the server only calls public addresses (PARLEY_MODEL_ALLOW_HOSTS lists exceptions)`
        : reason,
    );
  };
  let url: URL;
  try {
    url = checkOutboundUrl(raw, allowHost);
  } catch (error) {
    throw refuseOutbound(error);
  }
  if (url.search || raw.includes('?')) throw refuse('A base URL cannot have a query string');
  if (url.hash || raw.includes('#')) throw refuse('A base URL cannot have a fragment');
  await checkResolvesPublic(url, allowHost).catch((error: unknown) => {
    throw refuseOutbound(error);
  });
  return raw.replace(/\/+$/, '');
}

/** The model a call went to, as a person reads it: its name and where it runs. */
export function modelLabel(
  choice: Pick<ModelChoice, 'modelName' | 'baseUrl' | 'provider'>,
): string {
  return choice.baseUrl
    ? `${choice.modelName} at ${choice.baseUrl}`
    : `${choice.modelName} (${choice.provider})`;
}

/**
 * A refused or unreadable model call, as the user sees it (naming the model when given). An answer
 * that is not the OpenAI wire format (JSON of another shape, a stream of it) says so.
 */
export function modelFailureMessage(error: unknown, model?: string): string {
  const head = model ? `The model call failed (model ${model})` : 'The model call failed';
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length) {
    const e = queue.shift();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    if (e instanceof ModelAnswerError) return `${head}: ${e.message}`;
    if (e instanceof OutboundError)
      return `${head}: ${e.message.charAt(0).toLowerCase()}${e.message.slice(1)}`;
    if (
      TypeValidationError.isInstance(e) ||
      JSONParseError.isInstance(e) ||
      InvalidResponseDataError.isInstance(e)
    )
      return `${head}: it did not answer in the OpenAI format (its answer did not have the fields of a chat completion)`;
    const x = e as { cause?: unknown; lastError?: unknown; errors?: unknown[] };
    queue.push(x.cause, x.lastError, ...(Array.isArray(x.errors) ? x.errors : []));
  }
  return head;
}
