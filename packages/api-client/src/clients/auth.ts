import { z } from 'zod';
import { createHttp, type HttpOptions } from '../http';

const authAnswer = z.looseObject({});

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
  };
}
export type AuthClient = ReturnType<typeof createAuthClient>;
