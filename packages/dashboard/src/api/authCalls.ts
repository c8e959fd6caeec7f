import { ApiError, errorMessageFor, type FetchLike } from '@parley/api-client';

/** What the login screen asks of the server: better-auth's email + password endpoints. */
export interface AuthCalls {
  /** Whether the session cookie is signed in (get-session answers 200 either way). */
  signedIn(): Promise<boolean>;
  signIn(input: { email: string; password: string }): Promise<void>;
  signUp(input: {
    firstName: string;
    lastName: string;
    email: string;
    password: string;
  }): Promise<void>;
}

/**
 * The auth calls of the standalone /login page, without the rest of the API client: no schema
 * library, so the page that must paint first loads little. Error texts are the API client's own
 * (`errorMessageFor`, service style), so both login pages say the same thing.
 */
export function createAuthCalls(options: { origin?: string; fetch?: FetchLike } = {}): AuthCalls {
  const doFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const base = `${options.origin ?? ''}/api/auth`;
  const call = async (method: string, path: string, json?: unknown): Promise<unknown> => {
    const res = await doFetch(`${base}${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
      credentials: 'same-origin',
    });
    const text = await res.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    if (!res.ok)
      throw new ApiError(
        errorMessageFor('service', res.status, res.statusText, body, text),
        res.status,
        body,
      );
    return body;
  };
  return {
    signedIn: async () => {
      const body = await call('GET', '/get-session');
      return Boolean(body && typeof body === 'object' && (body as { session?: unknown }).session);
    },
    signIn: async (input) => {
      await call('POST', '/sign-in/email', input);
    },
    signUp: async ({ firstName, lastName, email, password }) => {
      await call('POST', '/sign-up/email', {
        name: `${firstName} ${lastName}`.trim(),
        firstName,
        lastName,
        email,
        password,
      });
    },
  };
}
