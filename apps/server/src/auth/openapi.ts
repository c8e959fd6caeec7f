import type { Operation } from '../lib/openapiOperation';

/** Sessions (Better Auth): assembled into the document by openapi.ts. */
export const authOperations: Operation[] = [
  // ---- sessions ----
  {
    method: 'get',
    path: '/api/auth/:path',
    summary: 'Session and account reads (Better Auth)',
    tag: 'Auth',
    auth: 'none',
  },
  {
    method: 'post',
    path: '/api/auth/:path',
    summary: 'Sign-up, sign-in, sign-out (Better Auth)',
    tag: 'Auth',
    auth: 'none',
  },
];
