/**
 * Error texts exactly as the spec's error catalogue words them, in one place.
 * Three backends word failures differently:
 * - agent/app/org/knowledge services: the server's `error` or `message`, else 'HTTP {status}: {statusText}';
 * - the voice backend: `detail` or `message`, else 'HTTP {status}';
 * - the messaging (SMS/WhatsApp/mail) service: 'HTTP error! status: {status} - {statusText}: {body}'.
 */
export type ErrorStyle = 'service' | 'voice' | 'messaging';

function field(body: unknown, name: string): string | undefined {
  if (body && typeof body === 'object') {
    const v = (body as Record<string, unknown>)[name];
    if (typeof v === 'string' && v.trim()) return v;
  }
  return undefined;
}

/** Error text for the agent, app, org and knowledge services. */
export function httpErrorMessage(status: number, statusText: string, body: unknown): string {
  return field(body, 'error') ?? field(body, 'message') ?? `HTTP ${status}: ${statusText}`;
}

/** Error text for the voice backend ('detail' or 'message', else 'HTTP {status}'). */
export function voiceErrorMessage(status: number, body: unknown): string {
  return field(body, 'detail') ?? field(body, 'message') ?? `HTTP ${status}`;
}

/** Error text for the SMS/WhatsApp/mail service: status line plus the raw body. */
export function messagingErrorMessage(
  status: number,
  statusText: string,
  bodyText: string,
): string {
  const base = `HTTP error! status: ${status} - ${statusText}`;
  return bodyText ? `${base}: ${bodyText}` : base;
}

export function errorMessageFor(
  style: ErrorStyle,
  status: number,
  statusText: string,
  body: unknown,
  bodyText: string,
): string {
  if (style === 'voice') return voiceErrorMessage(status, body);
  if (style === 'messaging') return messagingErrorMessage(status, statusText, bodyText);
  return httpErrorMessage(status, statusText, body);
}

/** A failed call: `message` is already the text the spec says to show. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(message: string, status: number, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** A 2xx answer whose body does not match the contract. */
export class ContractError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContractError';
  }
}

/** True for the caller cancelling a request (AbortController). */
export function isAbortError(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'AbortError' || (error as { code?: string }).code === 'ABORT_ERR')
  );
}

/** The message of anything thrown, with the spec's 'Unknown error' fallback. */
export function messageOf(error: unknown, fallback = 'Unknown error'): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}
