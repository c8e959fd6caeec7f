import { z } from 'zod';
import { createHttp, type HttpOptions } from '../http';

const authAnswer = z.looseObject({});
/** better-auth's get-session: the session and its user, or `null` (read as {}) when signed out. */
const sessionAnswer = z.looseObject({
  session: z.looseObject({}).nullish(),
  user: z.looseObject({}).nullish(),
});

/** better-auth's email + password endpoints, default base '/api/auth' (session cookie). */
export function createAuthClient(options: HttpOptions) {
  const http = createHttp({ ...options, errorStyle: 'service' });
  return {
    signUp: (body: {
      name: string;
      email: string;
      password: string;
      firstName?: string;
      lastName?: string;
    }) => http('POST', '/sign-up/email', { json: body, schema: authAnswer }),
    signIn: (body: { email: string; password: string }) =>
      http('POST', '/sign-in/email', { json: body, schema: authAnswer }),
    signOut: () => http('POST', '/sign-out', { json: {}, schema: authAnswer }),
    /** Whether the session cookie is signed in; answers 200 either way (no 401 to log). */
    signedIn: async () =>
      Boolean((await http('GET', '/get-session', { schema: sessionAnswer })).session),
  };
}
export type AuthClient = ReturnType<typeof createAuthClient>;
