import type { LanguageModel } from 'ai';
import { createOpenAI } from '@ai-sdk/openai';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createGroq } from '@ai-sdk/groq';
import { createDeepSeek } from '@ai-sdk/deepseek';
import { createXai } from '@ai-sdk/xai';
import { apiModelName, modelProviders } from '@parley/api-client';

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
  apiKey: string | null;
  /** An OpenAI-compatible base URL (the spec's model_live_url). */
  baseUrl: string | null;
  /** The provider's own API base URL from `{PROVIDER}_BASE_URL` (gateways, proxies, tests). */
  providerBaseUrl?: string;
}

/** Picks the key: the agent's own, else the server's environment. */
export function chooseModel(
  agent: { modelProvider: string | null; modelName: string | null; modelLiveUrl: string | null },
  agentKey: string | null,
  env: Record<string, string | undefined>,
): ModelChoice {
  const provider = normalizeProvider(agent.modelProvider);
  return {
    provider,
    modelName: normalizeModelName(provider, agent.modelName),
    apiKey: agentKey || env[providerEnvKeys[provider]] || null,
    baseUrl: agent.modelLiveUrl?.trim() || null,
    providerBaseUrl: env[`${provider.toUpperCase()}_BASE_URL`] || undefined,
  };
}

/** The AI SDK model for a choice, or null when nothing can be called (the offline responder answers). */
export function languageModelFor(choice: ModelChoice): LanguageModel | null {
  if (choice.baseUrl) {
    // Any OpenAI-compatible endpoint (local servers may need no key).
    return createOpenAI({ baseURL: choice.baseUrl, apiKey: choice.apiKey ?? 'not-needed' }).chat(
      choice.modelName,
    );
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
