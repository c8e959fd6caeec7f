import { ApiError, ContractError, knowledgeMessages, messageOf } from '@parley/api-client';

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
    message: errorMessage(error),
  };
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
