import { ApiError, ContractError } from '@parley/api-client';

/**
 * Exit codes: 0 done; 1 the check failed (a test failed, publishing was refused); 2 the command
 * line or the configuration is wrong; 3 the server could not be reached or refused the call.
 */
export const exitCodes = { ok: 0, failed: 1, usage: 2, server: 3 } as const;

/** A mistake on the command line or in the configuration (exit 2), in words to show as they are. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** A check that ran and failed (exit 1), e.g. a failing test; its report is already printed. */
export class CheckFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CheckFailed';
  }
}

const field = (body: unknown, name: string): string | undefined => {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : null;
  return typeof value === 'string' && value ? value : undefined;
};

/** The network failure's code or message ('ECONNREFUSED', 'getaddrinfo ENOTFOUND host' …). */
function networkCause(error: Error): string {
  const cause = (error as { cause?: unknown }).cause;
  if (cause && typeof cause === 'object') {
    const inner = cause as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof inner.code === 'string') return inner.code;
    if (typeof inner.message === 'string' && inner.message) return inner.message;
  }
  return error.message;
}

/** What went wrong, as one message for stderr, and the exit code (see exitCodes). */
export function describeError(
  error: unknown,
  serverUrl: string,
): { message: string; code: number } {
  if (error instanceof UsageError)
    return {
      message: `${error.message}\nRun 'parley help' for the commands.`,
      code: exitCodes.usage,
    };
  if (error instanceof CheckFailed) return { message: error.message, code: exitCodes.failed };
  if (error instanceof ApiError) {
    const scope = field(error.body, 'required_scope');
    if (error.status === 401)
      return {
        message: `The server refused the API key (401): ${error.message}. Check PARLEY_API_KEY (or --key): an owner or admin makes keys in Account → API keys.`,
        code: exitCodes.server,
      };
    if (error.status === 403 && scope)
      return {
        message: `The API key lacks the scope ${scope} (403): ask an owner or admin for a key with ${scope}.`,
        code: exitCodes.server,
      };
    if (error.status === 404)
      return {
        message: `${error.message} (404): check the agent name, and that the key belongs to the agent's organization.`,
        code: exitCodes.server,
      };
    return { message: `${error.message} (${error.status})`, code: exitCodes.server };
  }
  if (error instanceof ContractError)
    return {
      message: `The server at ${serverUrl} answered something this CLI does not understand (${error.message}): is it a Parley server of the same version?`,
      code: exitCodes.server,
    };
  if (error instanceof TypeError && /fetch failed/i.test(error.message))
    return {
      message: `Could not reach the Parley server at ${serverUrl} (${networkCause(error)}). Check PARLEY_URL (or --url) and that the server is running.`,
      code: exitCodes.server,
    };
  const message = error instanceof Error ? error.message : String(error);
  return { message: `Unexpected error: ${message}`, code: exitCodes.server };
}
