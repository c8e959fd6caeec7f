import {
  ApiError,
  ContractError,
  humanizeMessage,
  knowledgeMessages,
  messageOf,
} from '@parley/api-client';
import { webAddressRule } from './uploadRules';

/**
 * The caller's session as the tab sees it: signed in, signed out ('You are not logged in…') or
 * signed in without a usable token ('Authentication error…').
 */
export type KnowledgeSession = 'active' | 'signed-out' | 'no-token';

/** The message that replaces the whole tab when the session cannot make calls, else null. */
export function sessionMessage(session: KnowledgeSession): string | null {
  if (session === 'signed-out') return knowledgeMessages.notLoggedIn;
  if (session === 'no-token') return knowledgeMessages.noToken;
  return null;
}

/** fetch rejects with a TypeError when the request never got an answer (offline, DNS, CORS). */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof ApiError || error instanceof ContractError) return false;
  if (error instanceof TypeError) return true;
  return error instanceof Error && error.name === 'NetworkError';
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** 401 → session expired; no answer → network; otherwise `format` of the server's message. */
function describe(error: unknown, format: (message: string) => string): string {
  if (isUnauthorized(error)) return knowledgeMessages.expired;
  if (isNetworkError(error)) return knowledgeMessages.network;
  return format(messageOf(error));
}

/** The list's failure text (spec §8). */
export function listErrorMessage(error: unknown): string {
  return describe(error, knowledgeMessages.fetchFailed);
}

/** The create form's failure text (spec §8). */
export function createErrorMessage(error: unknown): string {
  return describe(error, knowledgeMessages.createFailed);
}

/** Any other call: session and network texts as above, else the server's message. */
export function errorMessage(error: unknown): string {
  return describe(error, (message) => message);
}

/** Every banner of the tab clears itself after 5000 ms (spec: 'banners 5000 ms'). */
export const noticeClearMs = 5000;

export interface Notice {
  tone: 'success' | 'warning' | 'error' | 'info';
  title: string;
  message?: string;
}

function configurationRequired(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const body = error.body;
  return Boolean(
    body &&
    typeof body === 'object' &&
    (body as Record<string, unknown>).configurationRequired === true,
  );
}

/** A failed URL import: 'Failed to crawl URL:' plus the error, or the 'Configuration Required' alert. */
export function crawlFailure(error: unknown): Notice {
  return {
    tone: 'error',
    title: configurationRequired(error)
      ? knowledgeMessages.configurationRequired
      : knowledgeMessages.crawlFailed,
    message: crawlReason(error),
  };
}

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * Why a URL import failed, in a user's words: the server's crawl reason ('The page answered HTTP
 * 404'), the address rule for a refused URL (never 'url: url must be a valid http(s) URL'), and
 * plain sentences for system texts (never 'fetch failed').
 */
export function crawlReason(error: unknown): string {
  return describe(error, (raw) => {
    if (/^url: /i.test(raw)) return sentence(webAddressRule);
    if (/^(TypeError: )?(fetch failed|Failed to fetch)$/i.test(raw))
      return 'The page could not be reached. Check the address and try again.';
    return sentence(humanizeMessage(raw));
  });
}

/**
 * Why an upload (text or file) failed, in a user's words: the server's reason without its field
 * prefix ('file: The file is empty' → 'The file is empty.'), other fields in their labels.
 */
export function uploadReason(error: unknown): string {
  return describe(error, (raw) => {
    const file = /^file: (.+)$/s.exec(raw);
    return sentence(file ? file[1]!.trim() : humanizeMessage(raw));
  });
}

/** Reindex outcomes (spec §8): started, started with a warning (message and warning), failed. */
export function reindexSucceeded(answer: { message: string; warning?: string }): Notice {
  if (answer.warning) {
    return {
      tone: 'warning',
      title: answer.message || knowledgeMessages.reindexStarted,
      message: answer.warning,
    };
  }
  return { tone: 'success', title: knowledgeMessages.reindexStarted };
}

export function reindexFailed(error: unknown): Notice {
  return { tone: 'error', title: knowledgeMessages.reindexFailed(errorMessage(error)) };
}

/** A successful answer that carries a `warning` (e.g. full-text only) becomes a warning notice. */
export function warningOf(answer: unknown): string | null {
  if (answer && typeof answer === 'object') {
    const warning = (answer as Record<string, unknown>).warning;
    if (typeof warning === 'string' && warning.trim()) return warning;
  }
  return null;
}
